# What search.pyx gives the other walkers over libxml2's nodes: its order of the nodes.
from lxml.includes.tree cimport xmlNode


cdef xmlNode* following(xmlNode* node, xmlNode* top, bint elements_only) noexcept nogil
