"""Practice games against bots, the exact odds coach and the score sheet for table play."""
