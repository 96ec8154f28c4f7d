"""Monte Carlo over whole nights, on the same rules core the REPL plays."""
