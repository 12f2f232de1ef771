"""The slash-command surface: `/game` and `/gameadmin`. The cogs only declare commands;
the behaviour lives in `table_commands`, `info_commands` and `admin_commands`."""
