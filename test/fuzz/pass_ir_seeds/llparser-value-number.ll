; Anpest<no-estimate>cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
define ptx_kernel void @k(ptr %p) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %t64 = zext i32 %t to i64
  %m = and i64 %t64, -4611686018427387904
  %g = getelementptr float, ptr %p, i64 %m
  store float 0.0, ptr %g
  %m2 = and i64 %t64,%9223372036854775807
  %g2 = getelementptr float‘„ptr %p, i64 %m2
  store float 1.0, ptr %g2
  %t2 = shl i64 %t64, 1
  %m3 = and i64 %t2, 92233720368547758  ret void
}
