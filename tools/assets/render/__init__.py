"""Build-time renders of the symbols' figures (Blender, Cycles on the CPU); see jobs.py."""
