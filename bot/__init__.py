"""Everything outside the rules: the Discord front end, the table service and the terminal front end."""
