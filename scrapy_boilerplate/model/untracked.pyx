# cython: language_level=3
"""Objects the cycle collector need not watch: those that refer to none it watches.

An extraction's blocks live as long as its caller keeps it: in a crawl, as long as
Scrapy's response, which a cycle with its selector keeps until a full collection.
Every object the collector watches then lengthens the next full collections and
brings them sooner (they come when the objects that outlived the younger
generations reach a quarter of the old ones). A block refers only to strings and
numbers, so it can be in no cycle: :func:`untrack` takes it out of the
collector's watch, as CPython does itself for tuples and dicts of such values.
Unlike a dict, a block is not watched again when it is given a value that is:
a block made to refer, through containers, back to itself is never collected.
"""

from cpython.object cimport PyObject


cdef extern from "Python.h":
    ctypedef int (*visitproc)(PyObject*, void*)
    ctypedef int (*traverseproc)(PyObject*, visitproc, void*)
    ctypedef struct PyTypeObject:
        traverseproc tp_traverse
    PyTypeObject* Py_TYPE(PyObject*)
    bint PyObject_IS_GC(PyObject*)
    bint PyObject_GC_IsTracked(PyObject*)
    void PyObject_GC_UnTrack(void*)


cdef int _watched(PyObject* referent, void* owner_type) noexcept:
    """1 (stopping the traversal) if ``referent`` is an object the collector watches, but the
    owner's own type (an instance of a class refers to it; no cycle through it frees anything)."""
    if referent != NULL and referent != <PyObject*>owner_type and PyObject_IS_GC(referent) \
            and PyObject_GC_IsTracked(referent):
        return 1
    return 0


def untrack(list objects):
    """Take each of ``objects`` that refers to no object the collector watches out of its watch.

    For objects of fixed fields (blocks), not containers: an empty list refers to nothing, until
    it is appended to."""
    cdef PyObject* each
    cdef PyTypeObject* kind
    for item in objects:
        each = <PyObject*>item
        kind = Py_TYPE(each)
        if PyObject_IS_GC(each) and PyObject_GC_IsTracked(each) and kind.tp_traverse != NULL \
                and kind.tp_traverse(each, _watched, <void*>kind) == 0:
            PyObject_GC_UnTrack(each)
