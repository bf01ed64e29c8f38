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

#define BARRIER() do { __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup"); \
                       __builtin_amdgcn_s_barrier(); \
                       __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup"); } while (0)

// inclusive prefix sum of each work-group's lsz values (Hillis-Steele in the LDS, double
// buffered, a barrier per step)
__kernel void scan(__global const int *a, __global int *out, uint lsz)
{
    __local int buf[2][256];
    uint l = __builtin_amdgcn_workitem_id_x();
    uint g = GID(lsz);
    int p = 0;
    buf[0][l] = a[g];
    BARRIER();
    for (uint d = 1; d < lsz; d <<= 1) {
        int v = buf[p][l];
        if (l >= d)
            v += buf[p][l - d];
        buf[p ^ 1][l] = v;
        p ^= 1;
        BARRIER();
    }
    out[g] = buf[p][l];
}

// C = A x B for n x n ints, 2D work-groups of 16 x 16 work-items (4 waves), 16 x 16 tiles of A
// and B in the LDS (ds_read2_b32)
__kernel void matmul(__global const int *A, __global const int *B, __global int *C, uint n)
{
    __local int ta[16][16], tb[16][16];
    uint tx = __builtin_amdgcn_workitem_id_x(), ty = __builtin_amdgcn_workitem_id_y();
    uint col = __builtin_amdgcn_workgroup_id_x() * 16 + tx;
    uint row = __builtin_amdgcn_workgroup_id_y() * 16 + ty;
    int acc = 0;
    for (uint t = 0; t < n; t += 16) {
        ta[ty][tx] = A[row * n + t + tx];
        tb[ty][tx] = B[(t + ty) * n + col];
        BARRIER();
        for (uint k = 0; k < 16; k++)
            acc += ta[ty][k] * tb[k][tx];
        BARRIER();
    }
    C[row * n + col] = acc;
}

// a 64-bin histogram of bytes: LDS atomics (ds_add_u32) per work-group, then one global
// atomic add per bin (buffer_atomic_add)
__kernel void hist(__global const uchar *data, __global uint *bins, uint lsz)
{
    __local uint h[64];
    uint l = __builtin_amdgcn_workitem_id_x();
    if (l < 64)
        h[l] = 0;
    BARRIER();
    __atomic_fetch_add(&h[data[GID(lsz)] & 63], 1u, __ATOMIC_RELAXED);
    BARRIER();
    if (l < 64)
        __atomic_fetch_add(&bins[l], h[l], __ATOMIC_RELAXED);
}

// sub-dword loads and stores (buffer_load_ubyte/sbyte/ushort/sshort, buffer_store_byte/short), a
// global atomic add that returns the old value (buffer_atomic_add glc) and v_readfirstlane_b32
// in divergent code (the odd lanes: the first active lane is lane 1 of the wave)
__kernel void bytes(__global const uchar *b, __global const char *c, __global const ushort *us,
                    __global const short *ss, __global uchar *ob, __global ushort *os,
                    __global int *o, __global uint *acc, uint lsz)
{
    uint i = GID(lsz);
    int v = b[i] + c[i] * 3 + us[i] * 5 + ss[i] * 7;
    ob[i] = (uchar)(v >> 3);
    os[i] = (ushort)(v * 11);
    uint old = __atomic_fetch_add(&acc[i], (uint)v, __ATOMIC_RELAXED);
    int f = 0;
    if (i & 1)
        f = __builtin_amdgcn_readfirstlane(v);
    o[i] = v ^ (int)old ^ (f << 1);
}

// LDS atomics with and without return (ds_*_rtn_u32/b32, ds_inc/dec_rtn_u32, ds_min/max_i32):
// 64 lanes hit a few dwords, in lane order
__kernel void ldsops(__global const uint *a, __global uint *o, __global uint *om, uint lsz)
{
    __local uint m[16];
    uint l = __builtin_amdgcn_workitem_id_x();
    uint g = GID(lsz);
    if (l < 16)
        m[l] = a[l];
    BARRIER();
    uint x = a[g];
    uint r = __atomic_fetch_add(&m[l & 1], x, __ATOMIC_RELAXED);
    r ^= __atomic_fetch_sub(&m[2 + (l & 1)], x, __ATOMIC_RELAXED);
    r += __atomic_fetch_min(&m[4 + (l & 1)], x, __ATOMIC_RELAXED);
    r += __atomic_fetch_max(&m[6 + (l & 1)], x, __ATOMIC_RELAXED);
    r ^= __atomic_fetch_and(&m[8], x | 0x0F0F0F0F, __ATOMIC_RELAXED);
    r ^= __atomic_fetch_or(&m[9], x & 0x11111111, __ATOMIC_RELAXED);
    r ^= __atomic_fetch_xor(&m[10], x, __ATOMIC_RELAXED);
    r += __builtin_amdgcn_atomic_inc32(&m[11], 40u, __ATOMIC_RELAXED, "workgroup");
    r += __builtin_amdgcn_atomic_dec32(&m[12], 50u, __ATOMIC_RELAXED, "workgroup");
    __atomic_fetch_min((__local int *)&m[13], (int)x, __ATOMIC_RELAXED);
    __atomic_fetch_max((__local int *)&m[14], (int)x, __ATOMIC_RELAXED);
    BARRIER();
    o[g] = r;
    if (l < 16)
        om[__builtin_amdgcn_workgroup_id_x() * 16 + l] = m[l];
}

// the transcendental VOP1s (v_rcp/rsq/sqrt/exp/log/sin/cos_f32: the shared shader-float ops, §5.4)
// and 32-bit unsigned division and remainder (LLVM expands them around v_rcp_iflag_f32)
__kernel void trans(__global const float *a, __global const uint *n, __global const uint *d,
                    __global float *o, __global uint *q, uint lsz)
{
    uint i = GID(lsz);
    float x = a[i];
    o[6 * i + 0] = __builtin_amdgcn_rcpf(x);
    o[6 * i + 1] = __builtin_amdgcn_rsqf(x);
    o[6 * i + 2] = __builtin_exp2f(x);
    o[6 * i + 3] = __builtin_log2f(x);
    o[6 * i + 4] = __builtin_amdgcn_sinf(x);
    o[6 * i + 5] = __builtin_amdgcn_cosf(x);
    o[6 * 128 + i] = __builtin_sqrtf(x);
    q[2 * i] = n[i] / d[i];
    q[2 * i + 1] = n[i] % d[i];
}
