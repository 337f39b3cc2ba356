"""The Python package's tests (unittest): run from python/ with `python3 -m unittest discover -s tests -t .`."""
