"""The Discord front end: client, cogs, components, presenters; talks only to the table service."""
