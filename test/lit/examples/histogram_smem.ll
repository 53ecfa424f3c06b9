; Generated once from examples/cu/histogram_smem.cu with clang-22 -O2 --cuda-device-only -S -emit-llvm
; --cuda-gpu-arch=sm_90 -gline-tables-only -fno-discard-value-names.
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --check-prefix=H1 --input-file=%t/histogram_smem_1.json
; RUN: FileCheck %s --check-prefix=H2 --input-file=%t/histogram_smem_2.json
; RUN: FileCheck %s --check-prefix=HR --input-file=%t/histogram_smem_result.json
; H1: { "var": "it1", "lower": "0", "upper": "(-tid.x - ctaid.x*ntid.x + n - 1) / (ntid.x*nctaid.x) + 1", "step": 1
; H1: { "name": "smem", "space": "shared", "elem_bytes": 4, "align": 4 }
; H1: { "field": "in", "kind": "load", "bytes": 1, "index": [ "4*tid.x + 4*ctaid.x*ntid.x + 4*ntid.x*nctaid.x*it1 + 3" ], "loops": [ "it1" ], "guard": "tid.x + ctaid.x*ntid.x < n"
; H1: { "field": "smem", "kind": "atomic", "bytes": 4, "analysable": false, "reason": "address depends on data loaded at histogram_smem.cu:20:17 (plus element 0)", "loops": [ "it1" ], "guard": "tid.x + ctaid.x*ntid.x < n", "loc": "histogram_smem.cu:22:4", "uses_result": false, "contention": "uniform:256", "phase": 1 }
; H1: { "field": "smem", "kind": "atomic", "bytes": 4, "analysable": false, "reason": "{{.*}}(plus element 768)",{{.*}}"uses_result": false, "contention": "uniform:256", "phase": 1 }
; H1: { "field": "out", "kind": "atomic", "bytes": 4, "index": [ "tid.x + ntid.x*it2" ], "loops": [ "it2" ]{{.*}}"uses_result": false, "phase": 2 }
; H1: "shared_static_bytes": 4096
; H2: { "name": "local{{[0-9]+}}", "space": "local"
; H2: { "field": "smem", "kind": "atomic", "bytes": 4, "analysable": false, "reason": "{{.*}}(plus element 256*((tid.x + ctaid.x*ntid.x) % 4))",{{.*}}"contention": "uniform:256/4", "phase": 1 }
; H2: { "field": "smem", "kind": "atomic", "bytes": 4, "analysable": false, "reason": "{{.*}}(plus element 256*(((tid.x + ctaid.x*ntid.x) % 4 + 1) % 4))",{{.*}}"contention": "uniform:256/4", "phase": 1 }
; H2: { "field": "smem", "kind": "atomic", "bytes": 4, "analysable": false, "reason": "{{.*}}(plus element 256*(((tid.x + ctaid.x*ntid.x) % 4 + 3) % 4))",{{.*}}"contention": "uniform:256/4", "phase": 1 }
; H2: data-dependent address (value loaded at histogram_smem.cu:{{[0-9]+}}:{{[0-9]+}}) assumed uniform over 256 elements; its affine part forms 4 address groups per warp
; HR: { "field": "smem", "kind": "atomic", "bytes": 4, "analysable": false,{{.*}}"uses_result": true, "contention": "uniform:256", "phase": 1 }

; ModuleID = 'histogram_smem.cu'
source_filename = "histogram_smem.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_ZZ16histogram_smem_1E4smem = internal addrspace(3) global [1024 x i32] undef, align 4
@_ZZ16histogram_smem_2E4smem = internal addrspace(3) global [1024 x i32] undef, align 4
@_ZZ21histogram_smem_resultE4smem = internal addrspace(3) global [1024 x i32] undef, align 4

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @histogram_smem_1(ptr noundef readonly captures(none) %in, ptr noundef captures(none) %out, i32 noundef %n) local_unnamed_addr #0 !dbg !15 {
entry:
  %0 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !18
  %1 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %for.body, !dbg !22

for.cond.cleanup:                                 ; preds = %for.body
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !23
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !24
  %mul = mul i32 %2, %1, !dbg !27
  %add5 = add i32 %mul, %0, !dbg !28
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x(), !dbg !29
  %mul8 = mul i32 %1, %3, !dbg !32
  %cmp1075 = icmp slt i32 %add5, %n, !dbg !33
  br i1 %cmp1075, label %for.body12, label %for.cond.cleanup11, !dbg !34

for.body:                                         ; preds = %entry, %for.body
  %j.072 = phi i32 [ %0, %entry ], [ %add, %for.body ]
  %idxprom = zext nneg i32 %j.072 to i64, !dbg !35
  %arrayidx = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_1E4smem to ptr), i64 %idxprom, !dbg !35
  store i32 0, ptr %arrayidx, align 4, !dbg !36, !tbaa !10
  %add = add nuw nsw i32 %j.072, %1, !dbg !37
  %cmp = icmp samesign ult i32 %add, 1024, !dbg !38
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !dbg !22, !llvm.loop !39

for.cond.cleanup11:                               ; preds = %for.body12, %for.cond.cleanup
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !42
  br label %for.body49, !dbg !43

for.body12:                                       ; preds = %for.cond.cleanup, %for.body12
  %i.076 = phi i32 [ %add42, %for.body12 ], [ %add5, %for.cond.cleanup ]
  %conv = sext i32 %i.076 to i64, !dbg !44
  %mul13 = shl nsw i64 %conv, 2, !dbg !45
  %4 = getelementptr inbounds nuw i8, ptr %in, i64 %mul13
  %5 = load i8, ptr %4, align 1, !dbg !46, !tbaa !47
  %arrayidx20.1 = getelementptr inbounds nuw i8, ptr %4, i64 1, !dbg !46
  %6 = load i8, ptr %arrayidx20.1, align 1, !dbg !46, !tbaa !47
  %conv21.1 = zext i8 %6 to i64, !dbg !46
  %arrayidx20.2 = getelementptr inbounds nuw i8, ptr %4, i64 2, !dbg !46
  %7 = load i8, ptr %arrayidx20.2, align 1, !dbg !46, !tbaa !47
  %conv21.2 = zext i8 %7 to i64, !dbg !46
  %arrayidx20.3 = getelementptr inbounds nuw i8, ptr %4, i64 3, !dbg !46
  %8 = load i8, ptr %arrayidx20.3, align 1, !dbg !46, !tbaa !47
  %conv21.3 = zext i8 %8 to i64, !dbg !46
  %idxprom35 = zext i8 %5 to i64, !dbg !48
  %arrayidx36 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_1E4smem to ptr), i64 %idxprom35, !dbg !48
  %9 = atomicrmw add ptr %arrayidx36, i32 1 seq_cst, align 4, !dbg !49
  %10 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_1E4smem to ptr), i64 %conv21.1, !dbg !48
  %arrayidx36.1 = getelementptr inbounds nuw i8, ptr %10, i64 1024, !dbg !48
  %11 = atomicrmw add ptr %arrayidx36.1, i32 1 seq_cst, align 4, !dbg !49
  %12 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_1E4smem to ptr), i64 %conv21.2, !dbg !48
  %arrayidx36.2 = getelementptr inbounds nuw i8, ptr %12, i64 2048, !dbg !48
  %13 = atomicrmw add ptr %arrayidx36.2, i32 1 seq_cst, align 4, !dbg !49
  %14 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_1E4smem to ptr), i64 %conv21.3, !dbg !48
  %arrayidx36.3 = getelementptr inbounds nuw i8, ptr %14, i64 3072, !dbg !48
  %15 = atomicrmw add ptr %arrayidx36.3, i32 1 seq_cst, align 4, !dbg !49
  %add42 = add nsw i32 %i.076, %mul8, !dbg !56
  %cmp10 = icmp slt i32 %add42, %n, !dbg !33
  br i1 %cmp10, label %for.body12, label %for.cond.cleanup11, !dbg !34, !llvm.loop !57

for.cond.cleanup48:                               ; preds = %for.body49
  ret void, !dbg !59

for.body49:                                       ; preds = %for.cond.cleanup11, %for.body49
  %j44.077 = phi i32 [ %0, %for.cond.cleanup11 ], [ %add57, %for.body49 ]
  %idxprom50 = zext nneg i32 %j44.077 to i64, !dbg !60
  %arrayidx51 = getelementptr inbounds nuw i32, ptr %out, i64 %idxprom50, !dbg !60
  %arrayidx53 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_1E4smem to ptr), i64 %idxprom50, !dbg !61
  %16 = load i32, ptr %arrayidx53, align 4, !dbg !61, !tbaa !10
  %17 = atomicrmw add ptr %arrayidx51, i32 %16 seq_cst, align 4, !dbg !62
  %add57 = add nuw nsw i32 %j44.077, %1, !dbg !65
  %cmp47 = icmp samesign ult i32 %add57, 1024, !dbg !66
  br i1 %cmp47, label %for.body49, label %for.cond.cleanup48, !dbg !43, !llvm.loop !67
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.start.p0(ptr captures(none)) #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite)
declare void @llvm.lifetime.end.p0(ptr captures(none)) #1

; Function Attrs: convergent nocallback nounwind
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32) #2

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @histogram_smem_2(ptr noundef readonly captures(none) %in, ptr noundef captures(none) %out, i32 noundef %n) local_unnamed_addr #0 !dbg !69 {
entry:
  %offsets = alloca [4 x i32], align 4
  %0 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !70
  %1 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %for.body, !dbg !72

for.cond.cleanup:                                 ; preds = %for.body
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !73
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !74
  %mul = mul i32 %2, %1, !dbg !76
  %add5 = add i32 %mul, %0, !dbg !77
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x(), !dbg !78
  %mul8 = mul i32 %1, %3, !dbg !80
  %cmp1079 = icmp slt i32 %add5, %n, !dbg !81
  br i1 %cmp1079, label %for.body12.lr.ph, label %for.cond.cleanup11, !dbg !82

for.body12.lr.ph:                                 ; preds = %for.cond.cleanup
  %rem = srem i32 %add5, 4
  %rem32.lhs.trunc = zext i32 %rem to i64, !dbg !83
  %mul33 = shl nsw i32 %rem, 8, !dbg !84
  %sext = shl i64 %rem32.lhs.trunc, 56, !dbg !85
  %4 = ashr exact i64 %sext, 54, !dbg !85
  %arrayidx35 = getelementptr inbounds i8, ptr %offsets, i64 %4, !dbg !85
  %arrayidx23.1 = getelementptr inbounds nuw i8, ptr %offsets, i64 4
  %arrayidx23.2 = getelementptr inbounds nuw i8, ptr %offsets, i64 8
  %arrayidx23.3 = getelementptr inbounds nuw i8, ptr %offsets, i64 12
  %5 = trunc nsw i32 %rem to i8
  %rem32.lhs.trunc.1 = add nsw i8 %5, 1
  %rem3275.1 = srem i8 %rem32.lhs.trunc.1, 4
  %rem32.sext.1 = sext i8 %rem3275.1 to i32
  %mul33.1 = shl nsw i32 %rem32.sext.1, 8
  %idxprom34.1 = sext i8 %rem3275.1 to i64
  %arrayidx35.1 = getelementptr inbounds i32, ptr %offsets, i64 %idxprom34.1
  %6 = trunc nsw i32 %rem to i8
  %rem32.lhs.trunc.2 = add nsw i8 %6, 2
  %rem3275.2 = srem i8 %rem32.lhs.trunc.2, 4
  %rem32.sext.2 = sext i8 %rem3275.2 to i32
  %mul33.2 = shl nsw i32 %rem32.sext.2, 8
  %idxprom34.2 = sext i8 %rem3275.2 to i64
  %arrayidx35.2 = getelementptr inbounds i32, ptr %offsets, i64 %idxprom34.2
  %7 = trunc nsw i32 %rem to i8
  %rem32.lhs.trunc.3 = add nsw i8 %7, 3
  %rem3275.3 = and i8 %rem32.lhs.trunc.3, 3
  %rem32.sext.3 = zext nneg i8 %rem3275.3 to i32
  %mul33.3 = shl nuw nsw i32 %rem32.sext.3, 8
  %idxprom34.3 = zext nneg i8 %rem3275.3 to i64
  %arrayidx35.3 = getelementptr inbounds nuw i32, ptr %offsets, i64 %idxprom34.3
  br label %for.body12, !dbg !82

for.body:                                         ; preds = %entry, %for.body
  %j.076 = phi i32 [ %0, %entry ], [ %add, %for.body ]
  %idxprom = zext nneg i32 %j.076 to i64, !dbg !86
  %arrayidx = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_2E4smem to ptr), i64 %idxprom, !dbg !86
  store i32 0, ptr %arrayidx, align 4, !dbg !87, !tbaa !10
  %add = add nuw nsw i32 %j.076, %1, !dbg !88
  %cmp = icmp samesign ult i32 %add, 1024, !dbg !89
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !dbg !72, !llvm.loop !90

for.cond.cleanup11:                               ; preds = %for.body12, %for.cond.cleanup
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !92
  br label %for.body51, !dbg !93

for.body12:                                       ; preds = %for.body12.lr.ph, %for.body12
  %i.080 = phi i32 [ %add5, %for.body12.lr.ph ], [ %add44, %for.body12 ]
  %conv = sext i32 %i.080 to i64, !dbg !94
  %mul13 = shl nsw i64 %conv, 2, !dbg !95
  call void @llvm.lifetime.start.p0(ptr nonnull %offsets) #4, !dbg !96
  %8 = getelementptr inbounds nuw i8, ptr %in, i64 %mul13
  %9 = load i8, ptr %8, align 1, !dbg !97, !tbaa !47
  %conv21 = zext i8 %9 to i32, !dbg !97
  store i32 %conv21, ptr %offsets, align 4, !dbg !98, !tbaa !10
  %arrayidx20.1 = getelementptr inbounds nuw i8, ptr %8, i64 1, !dbg !97
  %10 = load i8, ptr %arrayidx20.1, align 1, !dbg !97, !tbaa !47
  %conv21.1 = zext i8 %10 to i32, !dbg !97
  store i32 %conv21.1, ptr %arrayidx23.1, align 4, !dbg !98, !tbaa !10
  %arrayidx20.2 = getelementptr inbounds nuw i8, ptr %8, i64 2, !dbg !97
  %11 = load i8, ptr %arrayidx20.2, align 1, !dbg !97, !tbaa !47
  %conv21.2 = zext i8 %11 to i32, !dbg !97
  store i32 %conv21.2, ptr %arrayidx23.2, align 4, !dbg !98, !tbaa !10
  %arrayidx20.3 = getelementptr inbounds nuw i8, ptr %8, i64 3, !dbg !97
  %12 = load i8, ptr %arrayidx20.3, align 1, !dbg !97, !tbaa !47
  %conv21.3 = zext i8 %12 to i32, !dbg !97
  store i32 %conv21.3, ptr %arrayidx23.3, align 4, !dbg !98, !tbaa !10
  %13 = load i32, ptr %arrayidx35, align 4, !dbg !85, !tbaa !10
  %add36 = add i32 %13, %mul33, !dbg !99
  %idxprom37 = zext i32 %add36 to i64, !dbg !100
  %arrayidx38 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_2E4smem to ptr), i64 %idxprom37, !dbg !100
  %14 = atomicrmw add ptr %arrayidx38, i32 1 seq_cst, align 4, !dbg !101
  %15 = load i32, ptr %arrayidx35.1, align 4, !dbg !85, !tbaa !10
  %add36.1 = add i32 %15, %mul33.1, !dbg !99
  %idxprom37.1 = zext i32 %add36.1 to i64, !dbg !100
  %arrayidx38.1 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_2E4smem to ptr), i64 %idxprom37.1, !dbg !100
  %16 = atomicrmw add ptr %arrayidx38.1, i32 1 seq_cst, align 4, !dbg !101
  %17 = load i32, ptr %arrayidx35.2, align 4, !dbg !85, !tbaa !10
  %add36.2 = add i32 %17, %mul33.2, !dbg !99
  %idxprom37.2 = zext i32 %add36.2 to i64, !dbg !100
  %arrayidx38.2 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_2E4smem to ptr), i64 %idxprom37.2, !dbg !100
  %18 = atomicrmw add ptr %arrayidx38.2, i32 1 seq_cst, align 4, !dbg !101
  %19 = load i32, ptr %arrayidx35.3, align 4, !dbg !85, !tbaa !10
  %add36.3 = add i32 %19, %mul33.3, !dbg !99
  %idxprom37.3 = zext i32 %add36.3 to i64, !dbg !100
  %arrayidx38.3 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_2E4smem to ptr), i64 %idxprom37.3, !dbg !100
  %20 = atomicrmw add ptr %arrayidx38.3, i32 1 seq_cst, align 4, !dbg !101
  call void @llvm.lifetime.end.p0(ptr nonnull %offsets) #4, !dbg !104
  %add44 = add nsw i32 %i.080, %mul8, !dbg !105
  %cmp10 = icmp slt i32 %add44, %n, !dbg !81
  br i1 %cmp10, label %for.body12, label %for.cond.cleanup11, !dbg !82, !llvm.loop !106

for.cond.cleanup50:                               ; preds = %for.body51
  ret void, !dbg !107

for.body51:                                       ; preds = %for.cond.cleanup11, %for.body51
  %j46.081 = phi i32 [ %0, %for.cond.cleanup11 ], [ %add59, %for.body51 ]
  %idxprom52 = zext nneg i32 %j46.081 to i64, !dbg !108
  %arrayidx53 = getelementptr inbounds nuw i32, ptr %out, i64 %idxprom52, !dbg !108
  %arrayidx55 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ16histogram_smem_2E4smem to ptr), i64 %idxprom52, !dbg !109
  %21 = load i32, ptr %arrayidx55, align 4, !dbg !109, !tbaa !10
  %22 = atomicrmw add ptr %arrayidx53, i32 %21 seq_cst, align 4, !dbg !110
  %add59 = add nuw nsw i32 %j46.081, %1, !dbg !113
  %cmp49 = icmp samesign ult i32 %add59, 1024, !dbg !114
  br i1 %cmp49, label %for.body51, label %for.cond.cleanup50, !dbg !93, !llvm.loop !115
}

; Function Attrs: convergent mustprogress noinline norecurse nounwind
define dso_local ptx_kernel void @histogram_smem_result(ptr noundef readonly captures(none) %in, ptr noundef captures(none) %out, i32 noundef %n) local_unnamed_addr #0 !dbg !117 {
entry:
  %0 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !118
  %1 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  br label %for.body, !dbg !120

for.cond.cleanup:                                 ; preds = %for.body
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !121
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !122
  %mul = mul i32 %2, %1, !dbg !124
  %add5 = add i32 %mul, %0, !dbg !125
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.nctaid.x(), !dbg !126
  %mul8 = mul i32 %1, %3, !dbg !128
  %cmp1080 = icmp slt i32 %add5, %n, !dbg !129
  br i1 %cmp1080, label %for.body12, label %for.cond.cleanup11, !dbg !130

for.body:                                         ; preds = %entry, %for.body
  %j.076 = phi i32 [ %0, %entry ], [ %add, %for.body ]
  %idxprom = zext nneg i32 %j.076 to i64, !dbg !131
  %arrayidx = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ21histogram_smem_resultE4smem to ptr), i64 %idxprom, !dbg !131
  store i32 0, ptr %arrayidx, align 4, !dbg !132, !tbaa !10
  %add = add nuw nsw i32 %j.076, %1, !dbg !133
  %cmp = icmp samesign ult i32 %add, 1024, !dbg !134
  br i1 %cmp, label %for.body, label %for.cond.cleanup, !dbg !120, !llvm.loop !135

for.cond.cleanup11.loopexit:                      ; preds = %for.body12
  %4 = icmp eq i32 %or.3, -1, !dbg !137
  br label %for.cond.cleanup11, !dbg !138

for.cond.cleanup11:                               ; preds = %for.cond.cleanup11.loopexit, %for.cond.cleanup
  %seen.0.lcssa = phi i1 [ false, %for.cond.cleanup ], [ %4, %for.cond.cleanup11.loopexit ], !dbg !139
  tail call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0), !dbg !138
  br label %for.body49, !dbg !140

for.body12:                                       ; preds = %for.cond.cleanup, %for.body12
  %i.082 = phi i32 [ %add42, %for.body12 ], [ %add5, %for.cond.cleanup ]
  %seen.081 = phi i32 [ %or.3, %for.body12 ], [ 0, %for.cond.cleanup ]
  %conv = sext i32 %i.082 to i64, !dbg !141
  %mul13 = shl nsw i64 %conv, 2, !dbg !142
  %5 = getelementptr inbounds nuw i8, ptr %in, i64 %mul13
  %6 = load i8, ptr %5, align 1, !dbg !143, !tbaa !47
  %arrayidx20.1 = getelementptr inbounds nuw i8, ptr %5, i64 1, !dbg !143
  %7 = load i8, ptr %arrayidx20.1, align 1, !dbg !143, !tbaa !47
  %conv21.1 = zext i8 %7 to i64, !dbg !143
  %arrayidx20.2 = getelementptr inbounds nuw i8, ptr %5, i64 2, !dbg !143
  %8 = load i8, ptr %arrayidx20.2, align 1, !dbg !143, !tbaa !47
  %conv21.2 = zext i8 %8 to i64, !dbg !143
  %arrayidx20.3 = getelementptr inbounds nuw i8, ptr %5, i64 3, !dbg !143
  %9 = load i8, ptr %arrayidx20.3, align 1, !dbg !143, !tbaa !47
  %conv21.3 = zext i8 %9 to i64, !dbg !143
  %idxprom35 = zext i8 %6 to i64, !dbg !144
  %arrayidx36 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ21histogram_smem_resultE4smem to ptr), i64 %idxprom35, !dbg !144
  %10 = atomicrmw add ptr %arrayidx36, i32 1 seq_cst, align 4, !dbg !145
  %or = or i32 %10, %seen.081, !dbg !148
  %11 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ21histogram_smem_resultE4smem to ptr), i64 %conv21.1, !dbg !144
  %arrayidx36.1 = getelementptr inbounds nuw i8, ptr %11, i64 1024, !dbg !144
  %12 = atomicrmw add ptr %arrayidx36.1, i32 1 seq_cst, align 4, !dbg !145
  %or.1 = or i32 %12, %or, !dbg !148
  %13 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ21histogram_smem_resultE4smem to ptr), i64 %conv21.2, !dbg !144
  %arrayidx36.2 = getelementptr inbounds nuw i8, ptr %13, i64 2048, !dbg !144
  %14 = atomicrmw add ptr %arrayidx36.2, i32 1 seq_cst, align 4, !dbg !145
  %or.2 = or i32 %14, %or.1, !dbg !148
  %15 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ21histogram_smem_resultE4smem to ptr), i64 %conv21.3, !dbg !144
  %arrayidx36.3 = getelementptr inbounds nuw i8, ptr %15, i64 3072, !dbg !144
  %16 = atomicrmw add ptr %arrayidx36.3, i32 1 seq_cst, align 4, !dbg !145
  %or.3 = or i32 %16, %or.2, !dbg !148
  %add42 = add nsw i32 %i.082, %mul8, !dbg !149
  %cmp10 = icmp slt i32 %add42, %n, !dbg !129
  br i1 %cmp10, label %for.body12, label %for.cond.cleanup11.loopexit, !dbg !130, !llvm.loop !150

for.cond.cleanup48:                               ; preds = %for.body49
  br i1 %seen.0.lcssa, label %if.then, label %if.end, !dbg !137

for.body49:                                       ; preds = %for.cond.cleanup11, %for.body49
  %j44.083 = phi i32 [ %0, %for.cond.cleanup11 ], [ %add57, %for.body49 ]
  %idxprom50 = zext nneg i32 %j44.083 to i64, !dbg !152
  %arrayidx51 = getelementptr inbounds nuw i32, ptr %out, i64 %idxprom50, !dbg !152
  %arrayidx53 = getelementptr inbounds nuw i32, ptr addrspacecast (ptr addrspace(3) @_ZZ21histogram_smem_resultE4smem to ptr), i64 %idxprom50, !dbg !153
  %17 = load i32, ptr %arrayidx53, align 4, !dbg !153, !tbaa !10
  %18 = atomicrmw add ptr %arrayidx51, i32 %17 seq_cst, align 4, !dbg !154
  %add57 = add nuw nsw i32 %j44.083, %1, !dbg !157
  %cmp47 = icmp samesign ult i32 %add57, 1024, !dbg !158
  br i1 %cmp47, label %for.body49, label %for.cond.cleanup48, !dbg !140, !llvm.loop !159

if.then:                                          ; preds = %for.cond.cleanup48
  store i32 0, ptr %out, align 4, !dbg !161, !tbaa !10
  br label %if.end, !dbg !162

if.end:                                           ; preds = %if.then, %for.cond.cleanup48
  ret void, !dbg !163
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #3

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, -2147483648) i32 @llvm.nvvm.read.ptx.sreg.nctaid.x() #3

attributes #0 = { convergent mustprogress noinline norecurse nounwind "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind willreturn memory(argmem: readwrite) }
attributes #2 = { convergent nocallback nounwind }
attributes #3 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }
attributes #4 = { nounwind }

!llvm.module.flags = !{!0, !1, !2, !3, !4, !5}
!llvm.dbg.cu = !{!6}
!llvm.ident = !{!8, !9}
!llvm.errno.tbaa = !{!10}
!nvvmir.version = !{!14}

!0 = !{i32 2, !"SDK Version", [2 x i32] [i32 12, i32 9]}
!1 = !{i32 7, !"Dwarf Version", i32 2}
!2 = !{i32 2, !"Debug Info Version", i32 3}
!3 = !{i32 1, !"wchar_size", i32 4}
!4 = !{i32 4, !"nvvm-reflect-ftz", i32 0}
!5 = !{i32 7, !"frame-pointer", i32 2}
!6 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus_14, file: !7, producer: "Debian clang version 22.1.8 (1~deb12u1)", isOptimized: true, runtimeVersion: 0, emissionKind: DebugDirectivesOnly, splitDebugInlining: false, nameTableKind: None)
!7 = !DIFile(filename: "histogram_smem.cu", directory: "/work/main/examples/cu")
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{i32 2, i32 0}
!15 = distinct !DISubprogram(name: "histogram_smem_1", scope: !7, file: !7, line: 8, type: !16, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 53, column: 27, scope: !19, inlinedAt: !21)
!19 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!20 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_builtin_vars.h", directory: "")
!21 = distinct !DILocation(line: 11, column: 15, scope: !15)
!22 = !DILocation(line: 11, column: 2, scope: !15)
!23 = !DILocation(line: 13, column: 2, scope: !15)
!24 = !DILocation(line: 66, column: 27, scope: !25, inlinedAt: !26)
!25 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 66, type: !16, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!26 = distinct !DILocation(line: 14, column: 10, scope: !15)
!27 = !DILocation(line: 14, column: 21, scope: !15)
!28 = !DILocation(line: 14, column: 34, scope: !15)
!29 = !DILocation(line: 92, column: 27, scope: !30, inlinedAt: !31)
!30 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 92, type: !16, scopeLine: 92, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!31 = distinct !DILocation(line: 15, column: 24, scope: !15)
!32 = !DILocation(line: 15, column: 22, scope: !15)
!33 = !DILocation(line: 16, column: 20, scope: !15)
!34 = !DILocation(line: 16, column: 2, scope: !15)
!35 = !DILocation(line: 12, column: 3, scope: !15)
!36 = !DILocation(line: 12, column: 11, scope: !15)
!37 = !DILocation(line: 11, column: 61, scope: !15)
!38 = !DILocation(line: 11, column: 30, scope: !15)
!39 = distinct !{!39, !22, !40, !41}
!40 = !DILocation(line: 12, column: 13, scope: !15)
!41 = !{!"llvm.loop.mustprogress"}
!42 = !DILocation(line: 24, column: 2, scope: !15)
!43 = !DILocation(line: 25, column: 2, scope: !15)
!44 = !DILocation(line: 17, column: 28, scope: !15)
!45 = !DILocation(line: 17, column: 30, scope: !15)
!46 = !DILocation(line: 20, column: 17, scope: !15)
!47 = !{!12, !12, i64 0}
!48 = !DILocation(line: 22, column: 15, scope: !15)
!49 = !DILocation(line: 547, column: 10, scope: !50, inlinedAt: !52)
!50 = distinct !DISubprogram(name: "__uAtomicAdd", scope: !51, file: !51, line: 546, type: !16, scopeLine: 546, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!51 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_device_functions.h", directory: "")
!52 = distinct !DILocation(line: 112, column: 10, scope: !53, inlinedAt: !55)
!53 = distinct !DISubprogram(name: "atomicAdd", scope: !54, file: !54, line: 110, type: !16, scopeLine: 111, flags: DIFlagPrototyped, spFlags: DISPFlagLocalToUnit | DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!54 = !DIFile(filename: "/usr/local/cuda/include/device_atomic_functions.hpp", directory: "")
!55 = distinct !DILocation(line: 22, column: 4, scope: !15)
!56 = !DILocation(line: 16, column: 27, scope: !15)
!57 = distinct !{!57, !34, !58, !41}
!58 = !DILocation(line: 23, column: 2, scope: !15)
!59 = !DILocation(line: 27, column: 1, scope: !15)
!60 = !DILocation(line: 26, column: 14, scope: !15)
!61 = !DILocation(line: 26, column: 22, scope: !15)
!62 = !DILocation(line: 547, column: 10, scope: !50, inlinedAt: !63)
!63 = distinct !DILocation(line: 112, column: 10, scope: !53, inlinedAt: !64)
!64 = distinct !DILocation(line: 26, column: 3, scope: !15)
!65 = !DILocation(line: 25, column: 61, scope: !15)
!66 = !DILocation(line: 25, column: 30, scope: !15)
!67 = distinct !{!67, !43, !68, !41}
!68 = !DILocation(line: 26, column: 29, scope: !15)
!69 = distinct !DISubprogram(name: "histogram_smem_2", scope: !7, file: !7, line: 31, type: !16, scopeLine: 32, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!70 = !DILocation(line: 53, column: 27, scope: !19, inlinedAt: !71)
!71 = distinct !DILocation(line: 34, column: 15, scope: !69)
!72 = !DILocation(line: 34, column: 2, scope: !69)
!73 = !DILocation(line: 36, column: 2, scope: !69)
!74 = !DILocation(line: 66, column: 27, scope: !25, inlinedAt: !75)
!75 = distinct !DILocation(line: 37, column: 12, scope: !69)
!76 = !DILocation(line: 37, column: 23, scope: !69)
!77 = !DILocation(line: 37, column: 36, scope: !69)
!78 = !DILocation(line: 92, column: 27, scope: !30, inlinedAt: !79)
!79 = distinct !DILocation(line: 38, column: 24, scope: !69)
!80 = !DILocation(line: 38, column: 22, scope: !69)
!81 = !DILocation(line: 39, column: 22, scope: !69)
!82 = !DILocation(line: 39, column: 2, scope: !69)
!83 = !DILocation(line: 45, column: 41, scope: !69)
!84 = !DILocation(line: 46, column: 30, scope: !69)
!85 = !DILocation(line: 46, column: 39, scope: !69)
!86 = !DILocation(line: 35, column: 3, scope: !69)
!87 = !DILocation(line: 35, column: 11, scope: !69)
!88 = !DILocation(line: 34, column: 61, scope: !69)
!89 = !DILocation(line: 34, column: 30, scope: !69)
!90 = distinct !{!90, !72, !91, !41}
!91 = !DILocation(line: 35, column: 13, scope: !69)
!92 = !DILocation(line: 49, column: 2, scope: !69)
!93 = !DILocation(line: 50, column: 2, scope: !69)
!94 = !DILocation(line: 40, column: 28, scope: !69)
!95 = !DILocation(line: 40, column: 30, scope: !69)
!96 = !DILocation(line: 41, column: 3, scope: !69)
!97 = !DILocation(line: 43, column: 17, scope: !69)
!98 = !DILocation(line: 43, column: 15, scope: !69)
!99 = !DILocation(line: 46, column: 37, scope: !69)
!100 = !DILocation(line: 46, column: 15, scope: !69)
!101 = !DILocation(line: 547, column: 10, scope: !50, inlinedAt: !102)
!102 = distinct !DILocation(line: 112, column: 10, scope: !53, inlinedAt: !103)
!103 = distinct !DILocation(line: 46, column: 4, scope: !69)
!104 = !DILocation(line: 48, column: 2, scope: !69)
!105 = !DILocation(line: 39, column: 29, scope: !69)
!106 = distinct !{!106, !82, !104, !41}
!107 = !DILocation(line: 52, column: 1, scope: !69)
!108 = !DILocation(line: 51, column: 14, scope: !69)
!109 = !DILocation(line: 51, column: 22, scope: !69)
!110 = !DILocation(line: 547, column: 10, scope: !50, inlinedAt: !111)
!111 = distinct !DILocation(line: 112, column: 10, scope: !53, inlinedAt: !112)
!112 = distinct !DILocation(line: 51, column: 3, scope: !69)
!113 = !DILocation(line: 50, column: 61, scope: !69)
!114 = !DILocation(line: 50, column: 30, scope: !69)
!115 = distinct !{!115, !93, !116, !41}
!116 = !DILocation(line: 51, column: 29, scope: !69)
!117 = distinct !DISubprogram(name: "histogram_smem_result", scope: !7, file: !7, line: 56, type: !16, scopeLine: 57, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!118 = !DILocation(line: 53, column: 27, scope: !19, inlinedAt: !119)
!119 = distinct !DILocation(line: 59, column: 15, scope: !117)
!120 = !DILocation(line: 59, column: 2, scope: !117)
!121 = !DILocation(line: 61, column: 2, scope: !117)
!122 = !DILocation(line: 66, column: 27, scope: !25, inlinedAt: !123)
!123 = distinct !DILocation(line: 62, column: 10, scope: !117)
!124 = !DILocation(line: 62, column: 21, scope: !117)
!125 = !DILocation(line: 62, column: 34, scope: !117)
!126 = !DILocation(line: 92, column: 27, scope: !30, inlinedAt: !127)
!127 = distinct !DILocation(line: 63, column: 24, scope: !117)
!128 = !DILocation(line: 63, column: 22, scope: !117)
!129 = !DILocation(line: 65, column: 20, scope: !117)
!130 = !DILocation(line: 65, column: 2, scope: !117)
!131 = !DILocation(line: 60, column: 3, scope: !117)
!132 = !DILocation(line: 60, column: 11, scope: !117)
!133 = !DILocation(line: 59, column: 61, scope: !117)
!134 = !DILocation(line: 59, column: 30, scope: !117)
!135 = distinct !{!135, !120, !136, !41}
!136 = !DILocation(line: 60, column: 13, scope: !117)
!137 = !DILocation(line: 76, column: 11, scope: !117)
!138 = !DILocation(line: 73, column: 2, scope: !117)
!139 = !DILocation(line: 64, column: 15, scope: !117)
!140 = !DILocation(line: 74, column: 2, scope: !117)
!141 = !DILocation(line: 66, column: 28, scope: !117)
!142 = !DILocation(line: 66, column: 30, scope: !117)
!143 = !DILocation(line: 69, column: 17, scope: !117)
!144 = !DILocation(line: 71, column: 23, scope: !117)
!145 = !DILocation(line: 547, column: 10, scope: !50, inlinedAt: !146)
!146 = distinct !DILocation(line: 112, column: 10, scope: !53, inlinedAt: !147)
!147 = distinct !DILocation(line: 71, column: 12, scope: !117)
!148 = !DILocation(line: 71, column: 9, scope: !117)
!149 = !DILocation(line: 65, column: 27, scope: !117)
!150 = distinct !{!150, !130, !151, !41}
!151 = !DILocation(line: 72, column: 2, scope: !117)
!152 = !DILocation(line: 75, column: 14, scope: !117)
!153 = !DILocation(line: 75, column: 22, scope: !117)
!154 = !DILocation(line: 547, column: 10, scope: !50, inlinedAt: !155)
!155 = distinct !DILocation(line: 112, column: 10, scope: !53, inlinedAt: !156)
!156 = distinct !DILocation(line: 75, column: 3, scope: !117)
!157 = !DILocation(line: 74, column: 61, scope: !117)
!158 = !DILocation(line: 74, column: 30, scope: !117)
!159 = distinct !{!159, !140, !160, !41}
!160 = !DILocation(line: 75, column: 29, scope: !117)
!161 = !DILocation(line: 77, column: 10, scope: !117)
!162 = !DILocation(line: 77, column: 3, scope: !117)
!163 = !DILocation(line: 78, column: 1, scope: !117)
