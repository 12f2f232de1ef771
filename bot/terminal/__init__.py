"""The terminal front end: its table in the table service over an in-memory store (`table`),
the game loop that asks the people at the keyboard (`sitting`), how a question is asked and read
(`questions`), plain text instead of Markdown, the help screen, each game's extra status lines,
and game options read from the command line with clear errors. `bot/local.py` reads the command
line and starts a sitting."""
