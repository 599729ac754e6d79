# The placement for Cython (pure-Python mode: placement.py stays the one source), compiled as its
# annotations type it: its time is the Python of its per-block steps and text walks, which compiled
# code runs without the interpreter's dispatch.
import cython
