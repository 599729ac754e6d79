# Compiled by Cython as it is (pure-Python mode: see compiled_core): every rendering starts here.
