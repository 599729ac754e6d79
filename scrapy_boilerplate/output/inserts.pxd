# Compiled by Cython as it is (pure-Python mode: see compiled_core): each rendering places its tables and listings.
