# Compiled by Cython as it is (pure-Python mode: see compiled_core): each rendering with images reads them here.
