// si.compute's 2D kernel (docs/blocks/si.compute.md, "Kernels"), compiled by
// scripts/blocks/si_compute_kernels.py with Debian's clang:
//   clang -O2 -target amdgcn-mesa-mesa3d -mcpu=bonaire -nogpulib
// No bounds check on purpose: the grid's last work-groups in X and in Y are partial
// (NUM_THREAD_PARTIAL, PARTIAL_TG_EN), so a work-item past the picture's edge would write past
// the output, and the host's check (every word, and the number of writes) would see it.

__kernel void grid2d(__global const uint *a, __global uint *c, uint w, uint lx, uint ly)
{
    uint x = __builtin_amdgcn_workgroup_id_x() * lx + __builtin_amdgcn_workitem_id_x();
    uint y = __builtin_amdgcn_workgroup_id_y() * ly + __builtin_amdgcn_workitem_id_y();
    c[y * w + x] = a[y * w + x] * 3u + (x << 8) + (y ^ 0x55u);
}
