// The conformance kernels of si.cu (docs/blocks/si.cu.md, "Kernels"), compiled by
// scripts/blocks/si_cu_kernels.py with Debian's clang:
//   clang -O2 -target amdgcn-mesa-mesa3d -mcpu=bonaire -nogpulib
// The work-item's global id is built from the builtins the mesa3d ABI loads (work-group id
// in an SGPR, work-item id in v0) and the group size passed as an argument, so no device
// library and no dispatch packet are needed.

#define GID(lsz) (__builtin_amdgcn_workgroup_id_x() * (lsz) + __builtin_amdgcn_workitem_id_x())

__kernel void vadd(__global const int *a, __global const int *b, __global int *c, uint lsz)
{
    uint i = GID(lsz);
    c[i] = a[i] + b[i];
}

__kernel void saxpy(float alpha, __global const float *x, __global float *y, int n, uint lsz)
{
    int i = GID(lsz);
    if (i < n)
        y[i] = alpha * x[i] + y[i];
}

// integer math with divergence: both sides of an if/else, a data-dependent loop
__kernel void imath(__global const int *a, __global int *c, int n, uint lsz)
{
    int i = GID(lsz);
    if (i >= n)
        return;
    int v = a[i];
    if (v & 1)
        v = v * 3 + 1;
    else
        v = (v >> 1) ^ 0x55;
    int s = 0;
    for (int k = 0; k < (i & 7); k++)
        s += (v >> k) & 0xF;
    c[i] = v + s * 7 - (int)((unsigned)v >> 28);
}

// float math: mul, add, compare and select, min/max, int <-> float conversions
__kernel void fmath(__global const float *x, __global const float *y, __global float *r,
                    __global int *q, int n, uint lsz)
{
    int i = GID(lsz);
    if (i >= n)
        return;
    float a = x[i], b = y[i];
    float t = a * b - 0.5f;
    float m = a < b ? __builtin_fmaxf(t, a) : __builtin_fminf(t, b);
    r[i] = m + (float)i;
    q[i] = (int)(a * 4.0f) + (int)(unsigned)(b > 0.0f ? b * 2.0f : 0.0f);
}

// a work-group sum through the LDS with barriers: 256 work-items = 4 waves per group, so the
// barrier orders the waves' LDS writes and reads
__kernel void reduce(__global const int *a, __global int *out, uint lsz)
{
    __local int t[256];
    uint l = __builtin_amdgcn_workitem_id_x();
    t[l] = a[GID(lsz)];
    __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
    __builtin_amdgcn_s_barrier();
    __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
    for (uint s = lsz / 2; s > 0; s >>= 1) {
        if (l < s)
            t[l] += t[l + s];
        __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
        __builtin_amdgcn_s_barrier();
        __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
    }
    if (l == 0)
        out[__builtin_amdgcn_workgroup_id_x()] = t[0];
}
