"""A played night: the rules core plus narration, transcript and saves."""
