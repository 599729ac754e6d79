# Compiled by Cython as it is (pure-Python mode: see compiled_core): each rendering resolves its blocks' XPaths here.
