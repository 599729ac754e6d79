# Compiled by Cython as it is (pure-Python mode: see compiled_core): the placement climbs to known ancestors for every piece.
