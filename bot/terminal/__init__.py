"""The terminal front end's presentation: plain text instead of Markdown, the help screen,
each game's extra status lines, and game options read from the command line with clear errors.
`bot/local.py` runs the game loop and uses these."""
