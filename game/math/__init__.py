"""The game maths: simulation through the production engine and the independent exact calculator."""
