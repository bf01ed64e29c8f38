// Opcode probes of si.cu (docs/blocks/si.cu.md §10 "Opcodes"): ordinary OpenCL C, compiled as the
// kernels are, to see which GCN opcodes LLVM 14 emits for -mcpu=bonaire that si.cu does not build.
// Not a conformance kernel (no host answer, not run): only its assembly is read.
//   clang -O2 -target amdgcn-mesa-mesa3d -mcpu=bonaire -nogpulib [-cl-fp32-correctly-rounded-divide-sqrt] \
//         -S scripts/blocks/si_cu_kernels/probes.cl -o - | grep -oE '^\s+(s|v|buffer|ds)_[a-z0-9_]+' | sort -u
// -nogpulib: no OpenCL library, so the math functions are written with clang's builtins (an
// OpenCL library call such as floor() or barrier() would be a call: s_getpc_b64/s_swappc_b64).
#define I (__builtin_amdgcn_workgroup_id_x() * 64 + __builtin_amdgcn_workitem_id_x())
__kernel void p_div(global float *o, global const float *a, global const float *b) { uint i = I; o[i] = a[i] / b[i]; }
__kernel void p_fma(global float *o, global const float *a, global const float *b) { uint i = I; o[i] = __builtin_fmaf(a[i], b[i], o[i]); }
__kernel void p_mad(global float *o, global const float *a, global const float *b) { uint i = I; o[i] = a[i] * b[i] + o[i]; }
__kernel void p_sqrt(global float *o, global const float *a) { uint i = I; o[i] = __builtin_sqrtf(a[i]); }
__kernel void p_floor(global float *o, global const float *a) { uint i = I; o[i] = __builtin_floorf(a[i]); }
__kernel void p_ceil(global float *o, global const float *a) { uint i = I; o[i] = __builtin_ceilf(a[i]); }
__kernel void p_trunc(global float *o, global const float *a) { uint i = I; o[i] = __builtin_truncf(a[i]); }
__kernel void p_rint(global float *o, global const float *a) { uint i = I; o[i] = __builtin_rintf(a[i]); }
__kernel void p_round(global float *o, global const float *a) { uint i = I; o[i] = __builtin_roundf(a[i]); }
__kernel void p_fabs(global float *o, global const float *a) { uint i = I; o[i] = __builtin_fabsf(a[i]) + __builtin_copysignf(a[i], o[i]); }
__kernel void p_class(global int *o, global const float *a) { uint i = I; o[i] = __builtin_isnan(a[i]) + __builtin_isinf(a[i])*2 + __builtin_isfinite(a[i])*4 + __builtin_isnormal(a[i])*8; }
__kernel void p_lmul(global long *o, global const long *a) { uint i = I; o[i] = a[i] * a[i+1]; }
__kernel void p_ladd(global long *o, global const long *a) { uint i = I; o[i] = a[i] + (a[i+1] >> 3) - (a[i+2] << 5); }
__kernel void p_ldiv(global long *o, global const long *a) { uint i = I; o[i] = a[i] / a[i+1]; }
__kernel void p_clz(global uint *o, global const uint *a) { uint i = I; o[i] = __builtin_clz(a[i]) + __builtin_ctz(o[i]); }
__kernel void p_pop(global uint *o, global const uint *a) { uint i = I; o[i] = __builtin_popcount(a[i]); }
__kernel void p_rot(global uint *o, global const uint *a) { uint i = I; o[i] = (a[i] << 5) | (a[i] >> 27); }
__kernel void p_m24(global uint *o, global const uint *a) { uint i = I; o[i] = (a[i] & 0xffffff) * (o[i] & 0xffffff) + o[i+1]; }
__kernel void p_abs(global int *o, global const int *a) { uint i = I; int v = a[i]; o[i] = v < 0 ? -v : v; }
__kernel void p_cvtl(global float *o, global const long *a) { uint i = I; o[i] = (float)a[i]; }
__kernel void p_cvtb(global float *o, global const uint *a) { uint i = I; o[i] = (float)(a[i] & 0xff) + (float)((a[i] >> 8) & 0xff); }
__kernel void p_f2l(global long *o, global const float *a) { uint i = I; o[i] = (long)a[i]; }
__kernel void p_exp(global float *o, global const float *a) { uint i = I; o[i] = __builtin_amdgcn_rcpf(a[i]) + __builtin_exp2f(a[i]) + __builtin_log2f(a[i]); }
__kernel void p_minmax(global float *o, global const float *a) { uint i = I; o[i] = __builtin_fminf(a[i], o[i]) + __builtin_fmaxf(a[i], 2.f); }
__kernel void p_med3(global float *o, global const float *a) { uint i = I; o[i] = __builtin_fminf(__builtin_fmaxf(a[i],0.f),1.f); }
__kernel void p_imed(global int *o, global const int *a) { uint i = I; int v=a[i]; v = v < 0 ? 0 : v; o[i] = v > 255 ? 255 : v; }
__kernel void p_sel(global int *o, global const int *a) { uint i = I; o[i] = a[i] > 3 ? a[i+1] : a[i+2]; if (a[i] == 7) o[i+5] = 1; }
__kernel void p_udiv(global uint *o, global const uint *a) { uint i = I; o[i] = a[i] / 3 + a[i] % 10 + (int)a[i] / -5; }
__kernel void p_gatom(global uint *o) { uint i = I; __atomic_fetch_add(o, 1, __ATOMIC_RELAXED); __atomic_fetch_sub(o+1, 1, __ATOMIC_RELAXED); __atomic_fetch_max(o+2, i, __ATOMIC_RELAXED); __atomic_exchange_n(o+3, i, __ATOMIC_RELAXED); uint e=1; __atomic_compare_exchange_n(o+4, &e, i, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); __atomic_fetch_and(o+6, i, __ATOMIC_RELAXED); }
__kernel void p_vec(global float4 *o, global const float4 *a) { uint i = I; o[i] = a[i] * a[i+1]; }
__kernel void p_char(global char *o, global const short *a) { uint i = I; o[i] = (char)a[i] + 1; }
__kernel void p_loop(global int *o, int n) { int s = 0; for (int k = 0; k < n; k++) s += o[k] * k; o[n] = s; }
__kernel void p_fneg(global float *o, global const float *a) { uint i = I; o[i] = -a[i] * __builtin_fabsf(o[i]) - a[i+1]; }
__kernel void p_f2u8(global uchar *o, global const float *a) { uint i = I; float v = a[i]; o[i] = (uchar)(v < 0 ? 0 : v > 255 ? 255 : v); }
__kernel void p_fcmp(global int *o, global const float *a) { uint i = I; o[i] = (a[i] < a[i+1]) + (a[i] != a[i+1])*2 + !(a[i] >= 3.f)*4; }
__kernel void p_sext(global int *o, global const int *a) { uint i = I; o[i] = (short)(a[i] >> 3) + (char)a[i+1]; }
__kernel void p_bfe(global uint *o, global const uint *a) { uint i = I; o[i] = (a[i] >> 7) & 0x3f; }
__kernel void p_uge(global uint *o, global const uint *a, uint n) { uint i = I; if (a[i] >= n) o[i] = 1; }
__kernel void p_ldexp(global float *o, global const float *a, global int *e) { uint i = I; o[i] = __builtin_amdgcn_ldexpf(a[i], e[i]); }
__kernel void p_local(global uint *o, local uint *l) { uint i = I & 63; l[i] = i; __builtin_amdgcn_s_barrier(); uint e = 1; __atomic_compare_exchange_n(&l[2], &e, 3, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED); o[i] = __atomic_exchange_n(&l[1], i, __ATOMIC_RELAXED) + e; }
__kernel void p_gxchg(global uint *o) { uint i = I; o[i + 64] = __atomic_exchange_n(o, i, __ATOMIC_RELAXED) + __atomic_fetch_or(o + 1, i, __ATOMIC_RELAXED) + __atomic_fetch_min(o + 2, i, __ATOMIC_RELAXED); }
__kernel void p_l64(global long *o, global const long *a) { uint i = I; o[i] = a[i] < a[i + 1] ? a[i] : (long)(a[i] == 5); }
__kernel void p_clamp01(global float *o, global const float *a) { uint i = I; o[i] = __builtin_fminf(__builtin_fmaxf(a[i], 0.f), 1.f); }
