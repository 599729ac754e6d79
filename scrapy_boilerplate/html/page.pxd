# Compiled by Cython as it is (pure-Python mode: see compiled_core): each rendering reads its page's base and elements.
