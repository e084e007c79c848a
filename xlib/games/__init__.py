"""The rules of the five games, one module each: a Game and its State, and nothing about screens or players."""
