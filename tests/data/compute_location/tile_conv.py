# A tiled conv2d whose spatial and reduction loops interleave, so that
# sample_compute_location's rules (unit loops, spatial loops after a
# reduction loop, trailing reduction loops) all apply to the padding block.
b0 = sch.get_sblock(name="conv2d_nchw", func_name="main")
l1, l2, l3, l4, l5, l6, l7 = sch.get_loops(block=b0)
l8, l9 = sch.split(loop=l2, factors=[None, 4], preserve_unit_iters=True)
l10, l11 = sch.split(loop=l3, factors=[None, 7], preserve_unit_iters=True)
sch.reorder(l1, l8, l10, l4, l5, l9, l6, l11, l7)
