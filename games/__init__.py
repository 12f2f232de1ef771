"""Pure rules of every game: no Discord, no database, no asyncio, no wall clock, no global random."""
