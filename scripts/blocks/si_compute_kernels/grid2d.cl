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

// 2D work-groups of 32 x 16 = 512 work-items (8 waves, si.cu's 8 slots): each group sums its
// n = 512 words through the LDS in a tree, a barrier between the levels; work-item (0, 0) writes it.
#define BAR() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); \
                   __builtin_amdgcn_s_barrier(); \
                   __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

__kernel void sum512(__global const uint *a, __global uint *out, uint n)
{
    __local uint t[512];
    uint l = __builtin_amdgcn_workitem_id_y() * 32 + __builtin_amdgcn_workitem_id_x();
    uint g = __builtin_amdgcn_workgroup_id_y() * 2 + __builtin_amdgcn_workgroup_id_x();
    t[l] = a[g * 512 + l];
    BAR();
    for (uint s = n / 2; s > 0; s >>= 1) {       // n = 512, an argument: no unrolled offsets
        if (l < s)
            t[l] += t[l + s];
        BAR();
    }
    if (l == 0)
        out[g] = t[0];
}
