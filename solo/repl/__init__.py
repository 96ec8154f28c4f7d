"""The interactive table: a prompt_toolkit REPL (and the same commands in batch mode)."""
