# Compiled by Cython as it is (pure-Python mode: see compiled_core): each rendering looks for its page's data tables.
