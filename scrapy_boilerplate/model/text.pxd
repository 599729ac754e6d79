# Compiled by Cython as it is (pure-Python mode: see compiled_core): every output's text is collapsed and tested here.
