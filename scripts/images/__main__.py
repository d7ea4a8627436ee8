"""`python -m scripts.images [--force] [--only GLOB]`: draw the site's missing illustrations (see build.py)."""

from .build import main

main()
