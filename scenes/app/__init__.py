"""The composition root, above every other room: bootstrap, the loop and the window (`app`), the
scripted run behind `main.py --bench` (`bench`). Nothing below imports this package."""
