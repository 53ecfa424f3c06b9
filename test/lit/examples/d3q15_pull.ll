; Kernel model of examples/cu/d3q15_pull.cu (generated once with clang-22 -O2
; --cuda-device-only -S -emit-llvm --cuda-gpu-arch=sm_90 -gline-tables-only -fno-discard-value-names).
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/d3q15_pull.json
; CHECK: "format": "warpest-kernel-model"
; CHECK: "kernel": "d3q15_pull"
; CHECK: "dims": [ "15", "nz", "ny", "nx" ]
; CHECK: { "field": "src", "kind": "load", "bytes": 8, "index": [ "0", "tid.z + ctaid.z*ntid.z", "tid.y + ctaid.y*ntid.y", "tid.x + ctaid.x*ntid.x" ]
; CHECK: { "field": "src", "kind": "load", "bytes": 8, "index": [ "1", "tid.z + ctaid.z*ntid.z", "tid.y + ctaid.y*ntid.y", "tid.x + ctaid.x*ntid.x - 1" ]
; CHECK: { "field": "src", "kind": "load", "bytes": 8, "index": [ "7", "tid.z + ctaid.z*ntid.z - 1", "tid.y + ctaid.y*ntid.y - 1", "tid.x + ctaid.x*ntid.x - 1" ]
; CHECK: { "field": "dst", "kind": "store", "bytes": 8, "index": [ "14", "tid.z + ctaid.z*ntid.z", "tid.y + ctaid.y*ntid.y", "tid.x + ctaid.x*ntid.x" ]

; ModuleID = 'd3q15_pull.cu'
source_filename = "d3q15_pull.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @d3q15_pull(ptr noundef readonly captures(none) %src, ptr noundef writeonly captures(none) %dst, i32 noundef %nx, i32 noundef %ny, i32 noundef %nz) local_unnamed_addr #0 !dbg !15 {
entry:
  %0 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !18
  %1 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !22
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !25
  %mul = mul i32 %1, %2, !dbg !28
  %add = add i32 %mul, %0, !dbg !29
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !dbg !30
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y(), !dbg !33
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y(), !dbg !36
  %mul6 = mul nuw nsw i32 %4, %5, !dbg !39
  %add7 = add nuw nsw i32 %mul6, %3, !dbg !40
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !dbg !41
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.z(), !dbg !44
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !dbg !47
  %mul11 = mul nuw nsw i32 %7, %8, !dbg !50
  %add12 = add nuw nsw i32 %mul11, %6, !dbg !51
  %cmp = icmp slt i32 %add, 1, !dbg !52
  br i1 %cmp, label %cleanup, label %lor.lhs.false, !dbg !53

lor.lhs.false:                                    ; preds = %entry
  %sub = add nsw i32 %nx, -1, !dbg !54
  %cmp13 = icmp sge i32 %add, %sub, !dbg !55
  %cmp15 = icmp eq i32 %add7, 0
  %or.cond = or i1 %cmp15, %cmp13, !dbg !56
  br i1 %or.cond, label %cleanup, label %lor.lhs.false16, !dbg !56

lor.lhs.false16:                                  ; preds = %lor.lhs.false
  %sub17 = add nsw i32 %ny, -1, !dbg !57
  %cmp18 = icmp slt i32 %add7, %sub17, !dbg !58
  %cmp20 = icmp ne i32 %add12, 0
  %or.cond149.not204 = and i1 %cmp20, %cmp18, !dbg !59
  %sub22 = add nsw i32 %nz, -1
  %cmp23.not = icmp slt i32 %add12, %sub22
  %or.cond203 = select i1 %or.cond149.not204, i1 %cmp23.not, i1 false, !dbg !59
  br i1 %or.cond203, label %if.end, label %cleanup, !dbg !59

if.end:                                           ; preds = %lor.lhs.false16
  %conv = sext i32 %nx to i64, !dbg !60
  %conv24 = sext i32 %ny to i64, !dbg !61
  %mul25 = mul nsw i64 %conv24, %conv, !dbg !62
  %conv26 = sext i32 %nz to i64, !dbg !63
  %mul27 = mul nsw i64 %mul25, %conv26, !dbg !64
  %conv41 = zext nneg i32 %add12 to i64, !dbg !65
  %mul43 = mul nsw i64 %conv41, %conv24, !dbg !66
  %conv44 = zext nneg i32 %add7 to i64, !dbg !67
  %add45 = add nsw i64 %mul43, %conv44, !dbg !68
  %mul47 = mul nsw i64 %add45, %conv, !dbg !69
  %conv49 = zext nneg i32 %add to i64, !dbg !70
  %9 = getelementptr double, ptr %src, i64 %mul47, !dbg !71
  %arrayidx51 = getelementptr double, ptr %9, i64 %conv49, !dbg !71
  %10 = load double, ptr %arrayidx51, align 8, !dbg !71, !tbaa !72
  %add56 = fadd contract double %10, 0.000000e+00, !dbg !74
  %mul63 = fmul contract double %10, 0.000000e+00, !dbg !75
  %add64 = fadd contract double %mul63, 0.000000e+00, !dbg !76
  %sub30.1 = add nsw i32 %add, -1, !dbg !77
  %conv49.1 = zext nneg i32 %sub30.1 to i64, !dbg !70
  %11 = getelementptr double, ptr %src, i64 %mul27, !dbg !71
  %12 = getelementptr double, ptr %11, i64 %mul47, !dbg !71
  %arrayidx51.1 = getelementptr double, ptr %12, i64 %conv49.1, !dbg !71
  %13 = load double, ptr %arrayidx51.1, align 8, !dbg !71, !tbaa !72
  %add56.1 = fadd contract double %add56, %13, !dbg !74
  %add64.1 = fadd contract double %add64, %13, !dbg !76
  %mul71.1 = fmul contract double %13, 0.000000e+00, !dbg !78
  %add72.1 = fadd contract double %add64, %mul71.1, !dbg !79
  %sub30.2 = add nuw nsw i32 %add, 1, !dbg !77
  %mul40.2 = shl nsw i64 %mul27, 1, !dbg !80
  %conv49.2 = zext nneg i32 %sub30.2 to i64, !dbg !70
  %14 = getelementptr double, ptr %src, i64 %mul40.2, !dbg !71
  %15 = getelementptr double, ptr %14, i64 %mul47, !dbg !71
  %arrayidx51.2 = getelementptr double, ptr %15, i64 %conv49.2, !dbg !71
  %16 = load double, ptr %arrayidx51.2, align 8, !dbg !71, !tbaa !72
  %add56.2 = fadd contract double %add56.1, %16, !dbg !74
  %add64.2 = fsub contract double %add64.1, %16, !dbg !76
  %mul71.2 = fmul contract double %16, 0.000000e+00, !dbg !78
  %add72.2 = fadd contract double %add72.1, %mul71.2, !dbg !79
  %sub34.3 = add nsw i32 %add7, -1, !dbg !81
  %mul40.3 = mul nsw i64 %mul27, 3, !dbg !80
  %conv44.3 = zext nneg i32 %sub34.3 to i64, !dbg !67
  %add45.3 = add nsw i64 %mul43, %conv44.3, !dbg !68
  %mul47.3 = mul nsw i64 %add45.3, %conv, !dbg !69
  %17 = getelementptr double, ptr %src, i64 %mul40.3, !dbg !71
  %18 = getelementptr double, ptr %17, i64 %mul47.3, !dbg !71
  %arrayidx51.3 = getelementptr double, ptr %18, i64 %conv49, !dbg !71
  %19 = load double, ptr %arrayidx51.3, align 8, !dbg !71, !tbaa !72
  %add56.3 = fadd contract double %add56.2, %19, !dbg !74
  %mul63.3 = fmul contract double %19, 0.000000e+00, !dbg !75
  %add64.3 = fadd contract double %add64.2, %mul63.3, !dbg !76
  %add72.3 = fadd contract double %add72.2, %19, !dbg !79
  %add80.3 = fadd contract double %add72.2, %mul63.3, !dbg !82
  %sub34.4 = add nuw nsw i32 %add7, 1, !dbg !81
  %mul40.4 = shl nsw i64 %mul27, 2, !dbg !80
  %conv44.4 = zext nneg i32 %sub34.4 to i64, !dbg !67
  %add45.4 = add nsw i64 %mul43, %conv44.4, !dbg !68
  %mul47.4 = mul nsw i64 %add45.4, %conv, !dbg !69
  %20 = getelementptr double, ptr %src, i64 %mul40.4, !dbg !71
  %21 = getelementptr double, ptr %20, i64 %mul47.4, !dbg !71
  %arrayidx51.4 = getelementptr double, ptr %21, i64 %conv49, !dbg !71
  %22 = load double, ptr %arrayidx51.4, align 8, !dbg !71, !tbaa !72
  %add56.4 = fadd contract double %add56.3, %22, !dbg !74
  %mul63.4 = fmul contract double %22, 0.000000e+00, !dbg !75
  %add64.4 = fadd contract double %add64.3, %mul63.4, !dbg !76
  %add72.4 = fsub contract double %add72.3, %22, !dbg !79
  %add80.4 = fadd contract double %add80.3, %mul63.4, !dbg !82
  %sub38.5 = add nsw i32 %add12, -1, !dbg !83
  %mul40.5 = mul nsw i64 %mul27, 5, !dbg !80
  %conv41.5 = zext nneg i32 %sub38.5 to i64, !dbg !65
  %mul43.5 = mul nsw i64 %conv41.5, %conv24, !dbg !66
  %add45.5 = add nsw i64 %mul43.5, %conv44, !dbg !68
  %mul47.5 = mul nsw i64 %add45.5, %conv, !dbg !69
  %23 = getelementptr double, ptr %src, i64 %mul40.5, !dbg !71
  %24 = getelementptr double, ptr %23, i64 %mul47.5, !dbg !71
  %arrayidx51.5 = getelementptr double, ptr %24, i64 %conv49, !dbg !71
  %25 = load double, ptr %arrayidx51.5, align 8, !dbg !71, !tbaa !72
  %add56.5 = fadd contract double %add56.4, %25, !dbg !74
  %mul63.5 = fmul contract double %25, 0.000000e+00, !dbg !75
  %add64.5 = fadd contract double %add64.4, %mul63.5, !dbg !76
  %add72.5 = fadd contract double %add72.4, %mul63.5, !dbg !79
  %add80.5 = fadd contract double %add80.4, %25, !dbg !82
  %sub38.6 = add nuw nsw i32 %add12, 1, !dbg !83
  %mul40.6 = mul nsw i64 %mul27, 6, !dbg !80
  %conv41.6 = zext nneg i32 %sub38.6 to i64, !dbg !65
  %mul43.6 = mul nsw i64 %conv41.6, %conv24, !dbg !66
  %add45.6 = add nsw i64 %mul43.6, %conv44, !dbg !68
  %mul47.6 = mul nsw i64 %add45.6, %conv, !dbg !69
  %26 = getelementptr double, ptr %src, i64 %mul40.6, !dbg !71
  %27 = getelementptr double, ptr %26, i64 %mul47.6, !dbg !71
  %arrayidx51.6 = getelementptr double, ptr %27, i64 %conv49, !dbg !71
  %28 = load double, ptr %arrayidx51.6, align 8, !dbg !71, !tbaa !72
  %add56.6 = fadd contract double %add56.5, %28, !dbg !74
  %mul63.6 = fmul contract double %28, 0.000000e+00, !dbg !75
  %add64.6 = fadd contract double %add64.5, %mul63.6, !dbg !76
  %add72.6 = fadd contract double %add72.5, %mul63.6, !dbg !79
  %add80.6 = fsub contract double %add80.5, %28, !dbg !82
  %mul40.7 = mul nsw i64 %mul27, 7, !dbg !80
  %add45.7 = add nsw i64 %mul43.5, %conv44.3, !dbg !68
  %mul47.7 = mul nsw i64 %add45.7, %conv, !dbg !69
  %29 = getelementptr double, ptr %src, i64 %mul40.7, !dbg !71
  %30 = getelementptr double, ptr %29, i64 %mul47.7, !dbg !71
  %arrayidx51.7 = getelementptr double, ptr %30, i64 %conv49.1, !dbg !71
  %31 = load double, ptr %arrayidx51.7, align 8, !dbg !71, !tbaa !72
  %add56.7 = fadd contract double %add56.6, %31, !dbg !74
  %add64.7 = fadd contract double %add64.6, %31, !dbg !76
  %add72.7 = fadd contract double %add72.6, %31, !dbg !79
  %add80.7 = fadd contract double %add80.6, %31, !dbg !82
  %mul40.8 = shl nsw i64 %mul27, 3, !dbg !80
  %add45.8 = add nsw i64 %mul43.6, %conv44.4, !dbg !68
  %mul47.8 = mul nsw i64 %add45.8, %conv, !dbg !69
  %32 = getelementptr double, ptr %src, i64 %mul40.8, !dbg !71
  %33 = getelementptr double, ptr %32, i64 %mul47.8, !dbg !71
  %arrayidx51.8 = getelementptr double, ptr %33, i64 %conv49.2, !dbg !71
  %34 = load double, ptr %arrayidx51.8, align 8, !dbg !71, !tbaa !72
  %add56.8 = fadd contract double %add56.7, %34, !dbg !74
  %add64.8 = fsub contract double %add64.7, %34, !dbg !76
  %add72.8 = fsub contract double %add72.7, %34, !dbg !79
  %add80.8 = fsub contract double %add80.7, %34, !dbg !82
  %mul40.9 = mul nsw i64 %mul27, 9, !dbg !80
  %add45.9 = add nsw i64 %mul43.6, %conv44.3, !dbg !68
  %mul47.9 = mul nsw i64 %add45.9, %conv, !dbg !69
  %35 = getelementptr double, ptr %src, i64 %mul40.9, !dbg !71
  %36 = getelementptr double, ptr %35, i64 %mul47.9, !dbg !71
  %arrayidx51.9 = getelementptr double, ptr %36, i64 %conv49.1, !dbg !71
  %37 = load double, ptr %arrayidx51.9, align 8, !dbg !71, !tbaa !72
  %add56.9 = fadd contract double %add56.8, %37, !dbg !74
  %add64.9 = fadd contract double %add64.8, %37, !dbg !76
  %add72.9 = fadd contract double %add72.8, %37, !dbg !79
  %add80.9 = fsub contract double %add80.8, %37, !dbg !82
  %mul40.10 = mul nsw i64 %mul27, 10, !dbg !80
  %add45.10 = add nsw i64 %mul43.5, %conv44.4, !dbg !68
  %mul47.10 = mul nsw i64 %add45.10, %conv, !dbg !69
  %38 = getelementptr double, ptr %src, i64 %mul40.10, !dbg !71
  %39 = getelementptr double, ptr %38, i64 %mul47.10, !dbg !71
  %arrayidx51.10 = getelementptr double, ptr %39, i64 %conv49.2, !dbg !71
  %40 = load double, ptr %arrayidx51.10, align 8, !dbg !71, !tbaa !72
  %add56.10 = fadd contract double %add56.9, %40, !dbg !74
  %add64.10 = fsub contract double %add64.9, %40, !dbg !76
  %add72.10 = fsub contract double %add72.9, %40, !dbg !79
  %add80.10 = fadd contract double %add80.9, %40, !dbg !82
  %mul40.11 = mul nsw i64 %mul27, 11, !dbg !80
  %41 = getelementptr double, ptr %src, i64 %mul40.11, !dbg !71
  %42 = getelementptr double, ptr %41, i64 %mul47.10, !dbg !71
  %arrayidx51.11 = getelementptr double, ptr %42, i64 %conv49.1, !dbg !71
  %43 = load double, ptr %arrayidx51.11, align 8, !dbg !71, !tbaa !72
  %add56.11 = fadd contract double %add56.10, %43, !dbg !74
  %add64.11 = fadd contract double %add64.10, %43, !dbg !76
  %add72.11 = fsub contract double %add72.10, %43, !dbg !79
  %add80.11 = fadd contract double %add80.10, %43, !dbg !82
  %mul40.12 = mul nsw i64 %mul27, 12, !dbg !80
  %44 = getelementptr double, ptr %src, i64 %mul40.12, !dbg !71
  %45 = getelementptr double, ptr %44, i64 %mul47.9, !dbg !71
  %arrayidx51.12 = getelementptr double, ptr %45, i64 %conv49.2, !dbg !71
  %46 = load double, ptr %arrayidx51.12, align 8, !dbg !71, !tbaa !72
  %add56.12 = fadd contract double %add56.11, %46, !dbg !74
  %add64.12 = fsub contract double %add64.11, %46, !dbg !76
  %add72.12 = fadd contract double %add72.11, %46, !dbg !79
  %add80.12 = fsub contract double %add80.11, %46, !dbg !82
  %mul40.13 = mul nsw i64 %mul27, 13, !dbg !80
  %47 = getelementptr double, ptr %src, i64 %mul40.13, !dbg !71
  %48 = getelementptr double, ptr %47, i64 %mul47.7, !dbg !71
  %arrayidx51.13 = getelementptr double, ptr %48, i64 %conv49.2, !dbg !71
  %49 = load double, ptr %arrayidx51.13, align 8, !dbg !71, !tbaa !72
  %add56.13 = fadd contract double %add56.12, %49, !dbg !74
  %add64.13 = fsub contract double %add64.12, %49, !dbg !76
  %add72.13 = fadd contract double %add72.12, %49, !dbg !79
  %add80.13 = fadd contract double %add80.12, %49, !dbg !82
  %mul40.14 = mul nsw i64 %mul27, 14, !dbg !80
  %50 = getelementptr double, ptr %src, i64 %mul40.14, !dbg !71
  %51 = getelementptr double, ptr %50, i64 %mul47.8, !dbg !71
  %arrayidx51.14 = getelementptr double, ptr %51, i64 %conv49.1, !dbg !71
  %52 = load double, ptr %arrayidx51.14, align 8, !dbg !71, !tbaa !72
  %add56.14 = fadd contract double %add56.13, %52, !dbg !74
  %add64.14 = fadd contract double %add64.13, %52, !dbg !76
  %add72.14 = fsub contract double %add72.13, %52, !dbg !79
  %add80.14 = fsub contract double %add80.13, %52, !dbg !82
  %mul81 = fmul contract double %add64.14, %add64.14, !dbg !84
  %mul82 = fmul contract double %add72.14, %add72.14, !dbg !85
  %add83 = fadd contract double %mul82, %mul81, !dbg !86
  %mul84 = fmul contract double %add80.14, %add80.14, !dbg !87
  %add85 = fadd contract double %mul84, %add83, !dbg !88
  %mul86 = fmul contract double %add85, 1.500000e+00, !dbg !89
  %mul87 = fmul contract double %add56.14, %add56.14, !dbg !90
  %div = fdiv contract double %mul86, %mul87, !dbg !91
  %conv88 = zext nneg i32 %add12 to i64, !dbg !92
  %mul90 = mul nsw i64 %conv24, %conv88, !dbg !93
  %conv91 = zext nneg i32 %add7 to i64, !dbg !94
  %add92 = add nsw i64 %mul90, %conv91, !dbg !95
  %mul94 = mul nsw i64 %add92, %conv, !dbg !96
  %conv95 = zext nneg i32 %add to i64, !dbg !97
  %invariant.gep = getelementptr double, ptr %dst, i64 %mul94, !dbg !98
  %invariant.gep210 = getelementptr double, ptr %invariant.gep, i64 %conv95, !dbg !98
  %mul106 = fmul contract double %add64.14, 0.000000e+00, !dbg !99
  %mul111 = fmul contract double %add72.14, 0.000000e+00, !dbg !100
  %add112 = fadd contract double %mul106, %mul111, !dbg !101
  %mul117 = fmul contract double %add80.14, 0.000000e+00, !dbg !102
  %add118 = fadd contract double %add112, %mul117, !dbg !103
  %mul119 = fmul contract double %add118, 3.000000e+00, !dbg !104
  %div120 = fdiv contract double %mul119, %add56.14, !dbg !105
  %mul123 = fmul contract double %add56.14, 0x3FCC71C71C71C71C, !dbg !106
  %add124 = fadd contract double %div120, 1.000000e+00, !dbg !107
  %mul125 = fmul contract double %div120, 5.000000e-01, !dbg !108
  %mul126 = fmul contract double %div120, %mul125, !dbg !109
  %add127 = fadd contract double %add124, %mul126, !dbg !110
  %sub128 = fsub contract double %add127, %div, !dbg !111
  %mul129 = fmul contract double %mul123, %sub128, !dbg !112
  %sub134 = fsub contract double %10, %mul129, !dbg !113
  %mul135 = fmul contract double %sub134, 1.200000e+00, !dbg !114
  %sub136 = fsub contract double %10, %mul135, !dbg !115
  store double %sub136, ptr %invariant.gep210, align 8, !dbg !116, !tbaa !72
  %add112.1 = fadd contract double %add64.14, %mul111, !dbg !101
  %add118.1 = fadd contract double %add112.1, %mul117, !dbg !103
  %mul119.1 = fmul contract double %add118.1, 3.000000e+00, !dbg !104
  %div120.1 = fdiv contract double %mul119.1, %add56.14, !dbg !105
  %mul123.1 = fmul contract double %add56.14, 0x3FBC71C71C71C71C, !dbg !106
  %add124.1 = fadd contract double %div120.1, 1.000000e+00, !dbg !107
  %mul125.1 = fmul contract double %div120.1, 5.000000e-01, !dbg !108
  %mul126.1 = fmul contract double %div120.1, %mul125.1, !dbg !109
  %add127.1 = fadd contract double %add124.1, %mul126.1, !dbg !110
  %sub128.1 = fsub contract double %add127.1, %div, !dbg !111
  %mul129.1 = fmul contract double %mul123.1, %sub128.1, !dbg !112
  %sub134.1 = fsub contract double %13, %mul129.1, !dbg !113
  %mul135.1 = fmul contract double %sub134.1, 1.200000e+00, !dbg !114
  %sub136.1 = fsub contract double %13, %mul135.1, !dbg !115
  %gep211.1 = getelementptr double, ptr %invariant.gep210, i64 %mul27, !dbg !117
  store double %sub136.1, ptr %gep211.1, align 8, !dbg !116, !tbaa !72
  %add112.2 = fsub contract double %mul111, %add64.14, !dbg !101
  %add118.2 = fadd contract double %add112.2, %mul117, !dbg !103
  %mul119.2 = fmul contract double %add118.2, 3.000000e+00, !dbg !104
  %div120.2 = fdiv contract double %mul119.2, %add56.14, !dbg !105
  %add124.2 = fadd contract double %div120.2, 1.000000e+00, !dbg !107
  %mul125.2 = fmul contract double %div120.2, 5.000000e-01, !dbg !108
  %mul126.2 = fmul contract double %div120.2, %mul125.2, !dbg !109
  %add127.2 = fadd contract double %add124.2, %mul126.2, !dbg !110
  %sub128.2 = fsub contract double %add127.2, %div, !dbg !111
  %mul129.2 = fmul contract double %mul123.1, %sub128.2, !dbg !112
  %sub134.2 = fsub contract double %16, %mul129.2, !dbg !113
  %mul135.2 = fmul contract double %sub134.2, 1.200000e+00, !dbg !114
  %sub136.2 = fsub contract double %16, %mul135.2, !dbg !115
  %gep211.2 = getelementptr double, ptr %invariant.gep210, i64 %mul40.2, !dbg !117
  store double %sub136.2, ptr %gep211.2, align 8, !dbg !116, !tbaa !72
  %add112.3 = fadd contract double %mul106, %add72.14, !dbg !101
  %add118.3 = fadd contract double %add112.3, %mul117, !dbg !103
  %mul119.3 = fmul contract double %add118.3, 3.000000e+00, !dbg !104
  %div120.3 = fdiv contract double %mul119.3, %add56.14, !dbg !105
  %add124.3 = fadd contract double %div120.3, 1.000000e+00, !dbg !107
  %mul125.3 = fmul contract double %div120.3, 5.000000e-01, !dbg !108
  %mul126.3 = fmul contract double %div120.3, %mul125.3, !dbg !109
  %add127.3 = fadd contract double %add124.3, %mul126.3, !dbg !110
  %sub128.3 = fsub contract double %add127.3, %div, !dbg !111
  %mul129.3 = fmul contract double %mul123.1, %sub128.3, !dbg !112
  %sub134.3 = fsub contract double %19, %mul129.3, !dbg !113
  %mul135.3 = fmul contract double %sub134.3, 1.200000e+00, !dbg !114
  %sub136.3 = fsub contract double %19, %mul135.3, !dbg !115
  %gep211.3 = getelementptr double, ptr %invariant.gep210, i64 %mul40.3, !dbg !117
  store double %sub136.3, ptr %gep211.3, align 8, !dbg !116, !tbaa !72
  %mul111.4 = fneg contract double %add72.14, !dbg !100
  %add112.4 = fsub contract double %mul106, %add72.14, !dbg !101
  %add118.4 = fadd contract double %add112.4, %mul117, !dbg !103
  %mul119.4 = fmul contract double %add118.4, 3.000000e+00, !dbg !104
  %div120.4 = fdiv contract double %mul119.4, %add56.14, !dbg !105
  %add124.4 = fadd contract double %div120.4, 1.000000e+00, !dbg !107
  %mul125.4 = fmul contract double %div120.4, 5.000000e-01, !dbg !108
  %mul126.4 = fmul contract double %div120.4, %mul125.4, !dbg !109
  %add127.4 = fadd contract double %add124.4, %mul126.4, !dbg !110
  %sub128.4 = fsub contract double %add127.4, %div, !dbg !111
  %mul129.4 = fmul contract double %mul123.1, %sub128.4, !dbg !112
  %sub134.4 = fsub contract double %22, %mul129.4, !dbg !113
  %mul135.4 = fmul contract double %sub134.4, 1.200000e+00, !dbg !114
  %sub136.4 = fsub contract double %22, %mul135.4, !dbg !115
  %gep211.4 = getelementptr double, ptr %invariant.gep210, i64 %mul40.4, !dbg !117
  store double %sub136.4, ptr %gep211.4, align 8, !dbg !116, !tbaa !72
  %add118.5 = fadd contract double %add112, %add80.14, !dbg !103
  %mul119.5 = fmul contract double %add118.5, 3.000000e+00, !dbg !104
  %div120.5 = fdiv contract double %mul119.5, %add56.14, !dbg !105
  %add124.5 = fadd contract double %div120.5, 1.000000e+00, !dbg !107
  %mul125.5 = fmul contract double %div120.5, 5.000000e-01, !dbg !108
  %mul126.5 = fmul contract double %div120.5, %mul125.5, !dbg !109
  %add127.5 = fadd contract double %add124.5, %mul126.5, !dbg !110
  %sub128.5 = fsub contract double %add127.5, %div, !dbg !111
  %mul129.5 = fmul contract double %mul123.1, %sub128.5, !dbg !112
  %sub134.5 = fsub contract double %25, %mul129.5, !dbg !113
  %mul135.5 = fmul contract double %sub134.5, 1.200000e+00, !dbg !114
  %sub136.5 = fsub contract double %25, %mul135.5, !dbg !115
  %gep211.5 = getelementptr double, ptr %invariant.gep210, i64 %mul40.5, !dbg !117
  store double %sub136.5, ptr %gep211.5, align 8, !dbg !116, !tbaa !72
  %add118.6 = fsub contract double %add112, %add80.14, !dbg !103
  %mul119.6 = fmul contract double %add118.6, 3.000000e+00, !dbg !104
  %div120.6 = fdiv contract double %mul119.6, %add56.14, !dbg !105
  %add124.6 = fadd contract double %div120.6, 1.000000e+00, !dbg !107
  %mul125.6 = fmul contract double %div120.6, 5.000000e-01, !dbg !108
  %mul126.6 = fmul contract double %div120.6, %mul125.6, !dbg !109
  %add127.6 = fadd contract double %add124.6, %mul126.6, !dbg !110
  %sub128.6 = fsub contract double %add127.6, %div, !dbg !111
  %mul129.6 = fmul contract double %mul123.1, %sub128.6, !dbg !112
  %sub134.6 = fsub contract double %28, %mul129.6, !dbg !113
  %mul135.6 = fmul contract double %sub134.6, 1.200000e+00, !dbg !114
  %sub136.6 = fsub contract double %28, %mul135.6, !dbg !115
  %gep211.6 = getelementptr double, ptr %invariant.gep210, i64 %mul40.6, !dbg !117
  store double %sub136.6, ptr %gep211.6, align 8, !dbg !116, !tbaa !72
  %add112.7 = fadd contract double %add64.14, %add72.14, !dbg !101
  %add118.7 = fadd contract double %add112.7, %add80.14, !dbg !103
  %mul119.7 = fmul contract double %add118.7, 3.000000e+00, !dbg !104
  %div120.7 = fdiv contract double %mul119.7, %add56.14, !dbg !105
  %mul123.7 = fmul contract double %add56.14, 0x3F8C71C71C71C71C, !dbg !106
  %add124.7 = fadd contract double %div120.7, 1.000000e+00, !dbg !107
  %mul125.7 = fmul contract double %div120.7, 5.000000e-01, !dbg !108
  %mul126.7 = fmul contract double %div120.7, %mul125.7, !dbg !109
  %add127.7 = fadd contract double %add124.7, %mul126.7, !dbg !110
  %sub128.7 = fsub contract double %add127.7, %div, !dbg !111
  %mul129.7 = fmul contract double %mul123.7, %sub128.7, !dbg !112
  %sub134.7 = fsub contract double %31, %mul129.7, !dbg !113
  %mul135.7 = fmul contract double %sub134.7, 1.200000e+00, !dbg !114
  %sub136.7 = fsub contract double %31, %mul135.7, !dbg !115
  %gep211.7 = getelementptr double, ptr %invariant.gep210, i64 %mul40.7, !dbg !117
  store double %sub136.7, ptr %gep211.7, align 8, !dbg !116, !tbaa !72
  %add112.8 = fsub contract double %mul111.4, %add64.14, !dbg !101
  %add118.8 = fsub contract double %add112.8, %add80.14, !dbg !103
  %mul119.8 = fmul contract double %add118.8, 3.000000e+00, !dbg !104
  %div120.8 = fdiv contract double %mul119.8, %add56.14, !dbg !105
  %add124.8 = fadd contract double %div120.8, 1.000000e+00, !dbg !107
  %mul125.8 = fmul contract double %div120.8, 5.000000e-01, !dbg !108
  %mul126.8 = fmul contract double %div120.8, %mul125.8, !dbg !109
  %add127.8 = fadd contract double %add124.8, %mul126.8, !dbg !110
  %sub128.8 = fsub contract double %add127.8, %div, !dbg !111
  %mul129.8 = fmul contract double %mul123.7, %sub128.8, !dbg !112
  %sub134.8 = fsub contract double %34, %mul129.8, !dbg !113
  %mul135.8 = fmul contract double %sub134.8, 1.200000e+00, !dbg !114
  %sub136.8 = fsub contract double %34, %mul135.8, !dbg !115
  %gep211.8 = getelementptr double, ptr %invariant.gep210, i64 %mul40.8, !dbg !117
  store double %sub136.8, ptr %gep211.8, align 8, !dbg !116, !tbaa !72
  %add118.9 = fsub contract double %add112.7, %add80.14, !dbg !103
  %mul119.9 = fmul contract double %add118.9, 3.000000e+00, !dbg !104
  %div120.9 = fdiv contract double %mul119.9, %add56.14, !dbg !105
  %add124.9 = fadd contract double %div120.9, 1.000000e+00, !dbg !107
  %mul125.9 = fmul contract double %div120.9, 5.000000e-01, !dbg !108
  %mul126.9 = fmul contract double %div120.9, %mul125.9, !dbg !109
  %add127.9 = fadd contract double %add124.9, %mul126.9, !dbg !110
  %sub128.9 = fsub contract double %add127.9, %div, !dbg !111
  %mul129.9 = fmul contract double %mul123.7, %sub128.9, !dbg !112
  %sub134.9 = fsub contract double %37, %mul129.9, !dbg !113
  %mul135.9 = fmul contract double %sub134.9, 1.200000e+00, !dbg !114
  %sub136.9 = fsub contract double %37, %mul135.9, !dbg !115
  %gep211.9 = getelementptr double, ptr %invariant.gep210, i64 %mul40.9, !dbg !117
  store double %sub136.9, ptr %gep211.9, align 8, !dbg !116, !tbaa !72
  %add118.10 = fadd contract double %add112.8, %add80.14, !dbg !103
  %mul119.10 = fmul contract double %add118.10, 3.000000e+00, !dbg !104
  %div120.10 = fdiv contract double %mul119.10, %add56.14, !dbg !105
  %add124.10 = fadd contract double %div120.10, 1.000000e+00, !dbg !107
  %mul125.10 = fmul contract double %div120.10, 5.000000e-01, !dbg !108
  %mul126.10 = fmul contract double %div120.10, %mul125.10, !dbg !109
  %add127.10 = fadd contract double %add124.10, %mul126.10, !dbg !110
  %sub128.10 = fsub contract double %add127.10, %div, !dbg !111
  %mul129.10 = fmul contract double %mul123.7, %sub128.10, !dbg !112
  %sub134.10 = fsub contract double %40, %mul129.10, !dbg !113
  %mul135.10 = fmul contract double %sub134.10, 1.200000e+00, !dbg !114
  %sub136.10 = fsub contract double %40, %mul135.10, !dbg !115
  %gep211.10 = getelementptr double, ptr %invariant.gep210, i64 %mul40.10, !dbg !117
  store double %sub136.10, ptr %gep211.10, align 8, !dbg !116, !tbaa !72
  %add112.11 = fsub contract double %add64.14, %add72.14, !dbg !101
  %add118.11 = fadd contract double %add112.11, %add80.14, !dbg !103
  %mul119.11 = fmul contract double %add118.11, 3.000000e+00, !dbg !104
  %div120.11 = fdiv contract double %mul119.11, %add56.14, !dbg !105
  %add124.11 = fadd contract double %div120.11, 1.000000e+00, !dbg !107
  %mul125.11 = fmul contract double %div120.11, 5.000000e-01, !dbg !108
  %mul126.11 = fmul contract double %div120.11, %mul125.11, !dbg !109
  %add127.11 = fadd contract double %add124.11, %mul126.11, !dbg !110
  %sub128.11 = fsub contract double %add127.11, %div, !dbg !111
  %mul129.11 = fmul contract double %mul123.7, %sub128.11, !dbg !112
  %sub134.11 = fsub contract double %43, %mul129.11, !dbg !113
  %mul135.11 = fmul contract double %sub134.11, 1.200000e+00, !dbg !114
  %sub136.11 = fsub contract double %43, %mul135.11, !dbg !115
  %gep211.11 = getelementptr double, ptr %invariant.gep210, i64 %mul40.11, !dbg !117
  store double %sub136.11, ptr %gep211.11, align 8, !dbg !116, !tbaa !72
  %add112.12 = fsub contract double %add72.14, %add64.14, !dbg !101
  %add118.12 = fsub contract double %add112.12, %add80.14, !dbg !103
  %mul119.12 = fmul contract double %add118.12, 3.000000e+00, !dbg !104
  %div120.12 = fdiv contract double %mul119.12, %add56.14, !dbg !105
  %add124.12 = fadd contract double %div120.12, 1.000000e+00, !dbg !107
  %mul125.12 = fmul contract double %div120.12, 5.000000e-01, !dbg !108
  %mul126.12 = fmul contract double %div120.12, %mul125.12, !dbg !109
  %add127.12 = fadd contract double %add124.12, %mul126.12, !dbg !110
  %sub128.12 = fsub contract double %add127.12, %div, !dbg !111
  %mul129.12 = fmul contract double %mul123.7, %sub128.12, !dbg !112
  %sub134.12 = fsub contract double %46, %mul129.12, !dbg !113
  %mul135.12 = fmul contract double %sub134.12, 1.200000e+00, !dbg !114
  %sub136.12 = fsub contract double %46, %mul135.12, !dbg !115
  %gep211.12 = getelementptr double, ptr %invariant.gep210, i64 %mul40.12, !dbg !117
  store double %sub136.12, ptr %gep211.12, align 8, !dbg !116, !tbaa !72
  %add118.13 = fadd contract double %add112.12, %add80.14, !dbg !103
  %mul119.13 = fmul contract double %add118.13, 3.000000e+00, !dbg !104
  %div120.13 = fdiv contract double %mul119.13, %add56.14, !dbg !105
  %add124.13 = fadd contract double %div120.13, 1.000000e+00, !dbg !107
  %mul125.13 = fmul contract double %div120.13, 5.000000e-01, !dbg !108
  %mul126.13 = fmul contract double %div120.13, %mul125.13, !dbg !109
  %add127.13 = fadd contract double %add124.13, %mul126.13, !dbg !110
  %sub128.13 = fsub contract double %add127.13, %div, !dbg !111
  %mul129.13 = fmul contract double %mul123.7, %sub128.13, !dbg !112
  %sub134.13 = fsub contract double %49, %mul129.13, !dbg !113
  %mul135.13 = fmul contract double %sub134.13, 1.200000e+00, !dbg !114
  %sub136.13 = fsub contract double %49, %mul135.13, !dbg !115
  %gep211.13 = getelementptr double, ptr %invariant.gep210, i64 %mul40.13, !dbg !117
  store double %sub136.13, ptr %gep211.13, align 8, !dbg !116, !tbaa !72
  %add118.14 = fsub contract double %add112.11, %add80.14, !dbg !103
  %mul119.14 = fmul contract double %add118.14, 3.000000e+00, !dbg !104
  %div120.14 = fdiv contract double %mul119.14, %add56.14, !dbg !105
  %add124.14 = fadd contract double %div120.14, 1.000000e+00, !dbg !107
  %mul125.14 = fmul contract double %div120.14, 5.000000e-01, !dbg !108
  %mul126.14 = fmul contract double %div120.14, %mul125.14, !dbg !109
  %add127.14 = fadd contract double %add124.14, %mul126.14, !dbg !110
  %sub128.14 = fsub contract double %add127.14, %div, !dbg !111
  %mul129.14 = fmul contract double %mul123.7, %sub128.14, !dbg !112
  %sub134.14 = fsub contract double %52, %mul129.14, !dbg !113
  %mul135.14 = fmul contract double %sub134.14, 1.200000e+00, !dbg !114
  %sub136.14 = fsub contract double %52, %mul135.14, !dbg !115
  %gep211.14 = getelementptr double, ptr %invariant.gep210, i64 %mul40.14, !dbg !117
  store double %sub136.14, ptr %gep211.14, align 8, !dbg !116, !tbaa !72
  br label %cleanup, !dbg !118

cleanup:                                          ; preds = %entry, %lor.lhs.false, %lor.lhs.false16, %if.end
  ret void, !dbg !118
}

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 2147483647) i32 @llvm.nvvm.read.ptx.sreg.ctaid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.x() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 1024) i32 @llvm.nvvm.read.ptx.sreg.tid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 1025) i32 @llvm.nvvm.read.ptx.sreg.ntid.y() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 64) i32 @llvm.nvvm.read.ptx.sreg.tid.z() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 0, 65535) i32 @llvm.nvvm.read.ptx.sreg.ctaid.z() #1

; Function Attrs: mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare noundef range(i32 1, 65) i32 @llvm.nvvm.read.ptx.sreg.ntid.z() #1

attributes #0 = { mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite) "frame-pointer"="all" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" "uniform-work-group-size"="true" }
attributes #1 = { mustprogress nocallback nofree nosync nounwind speculatable willreturn memory(none) }

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
!7 = !DIFile(filename: "d3q15_pull.cu", directory: "/work/main/examples/cu")
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{i32 2, i32 0}
!15 = distinct !DISubprogram(name: "d3q15_pull", scope: !7, file: !7, line: 5, type: !16, scopeLine: 6, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 53, column: 27, scope: !19, inlinedAt: !21)
!19 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!20 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_builtin_vars.h", directory: "")
!21 = distinct !DILocation(line: 15, column: 10, scope: !15)
!22 = !DILocation(line: 66, column: 27, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 66, type: !16, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!24 = distinct !DILocation(line: 15, column: 24, scope: !15)
!25 = !DILocation(line: 79, column: 27, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 79, type: !16, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!27 = distinct !DILocation(line: 15, column: 37, scope: !15)
!28 = !DILocation(line: 15, column: 35, scope: !15)
!29 = !DILocation(line: 15, column: 22, scope: !15)
!30 = !DILocation(line: 54, column: 27, scope: !31, inlinedAt: !32)
!31 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 54, type: !16, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!32 = distinct !DILocation(line: 16, column: 10, scope: !15)
!33 = !DILocation(line: 67, column: 27, scope: !34, inlinedAt: !35)
!34 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 67, type: !16, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!35 = distinct !DILocation(line: 16, column: 24, scope: !15)
!36 = !DILocation(line: 80, column: 27, scope: !37, inlinedAt: !38)
!37 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 80, type: !16, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!38 = distinct !DILocation(line: 16, column: 37, scope: !15)
!39 = !DILocation(line: 16, column: 35, scope: !15)
!40 = !DILocation(line: 16, column: 22, scope: !15)
!41 = !DILocation(line: 55, column: 27, scope: !42, inlinedAt: !43)
!42 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 55, type: !16, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!43 = distinct !DILocation(line: 17, column: 10, scope: !15)
!44 = !DILocation(line: 68, column: 27, scope: !45, inlinedAt: !46)
!45 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 68, type: !16, scopeLine: 68, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!46 = distinct !DILocation(line: 17, column: 24, scope: !15)
!47 = !DILocation(line: 81, column: 27, scope: !48, inlinedAt: !49)
!48 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 81, type: !16, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!49 = distinct !DILocation(line: 17, column: 37, scope: !15)
!50 = !DILocation(line: 17, column: 35, scope: !15)
!51 = !DILocation(line: 17, column: 22, scope: !15)
!52 = !DILocation(line: 18, column: 8, scope: !15)
!53 = !DILocation(line: 18, column: 12, scope: !15)
!54 = !DILocation(line: 18, column: 23, scope: !15)
!55 = !DILocation(line: 18, column: 17, scope: !15)
!56 = !DILocation(line: 18, column: 27, scope: !15)
!57 = !DILocation(line: 18, column: 47, scope: !15)
!58 = !DILocation(line: 18, column: 41, scope: !15)
!59 = !DILocation(line: 18, column: 51, scope: !15)
!60 = !DILocation(line: 20, column: 17, scope: !15)
!61 = !DILocation(line: 20, column: 22, scope: !15)
!62 = !DILocation(line: 20, column: 20, scope: !15)
!63 = !DILocation(line: 20, column: 27, scope: !15)
!64 = !DILocation(line: 20, column: 25, scope: !15)
!65 = !DILocation(line: 26, column: 29, scope: !15)
!66 = !DILocation(line: 26, column: 32, scope: !15)
!67 = !DILocation(line: 26, column: 39, scope: !15)
!68 = !DILocation(line: 26, column: 37, scope: !15)
!69 = !DILocation(line: 26, column: 43, scope: !15)
!70 = !DILocation(line: 26, column: 50, scope: !15)
!71 = !DILocation(line: 26, column: 10, scope: !15)
!72 = !{!73, !73, i64 0}
!73 = !{!"double", !12, i64 0}
!74 = !DILocation(line: 27, column: 7, scope: !15)
!75 = !DILocation(line: 28, column: 17, scope: !15)
!76 = !DILocation(line: 28, column: 6, scope: !15)
!77 = !DILocation(line: 25, column: 14, scope: !15)
!78 = !DILocation(line: 29, column: 17, scope: !15)
!79 = !DILocation(line: 29, column: 6, scope: !15)
!80 = !DILocation(line: 26, column: 16, scope: !15)
!81 = !DILocation(line: 25, column: 32, scope: !15)
!82 = !DILocation(line: 30, column: 6, scope: !15)
!83 = !DILocation(line: 25, column: 50, scope: !15)
!84 = !DILocation(line: 32, column: 25, scope: !15)
!85 = !DILocation(line: 32, column: 35, scope: !15)
!86 = !DILocation(line: 32, column: 30, scope: !15)
!87 = !DILocation(line: 32, column: 45, scope: !15)
!88 = !DILocation(line: 32, column: 40, scope: !15)
!89 = !DILocation(line: 32, column: 19, scope: !15)
!90 = !DILocation(line: 32, column: 58, scope: !15)
!91 = !DILocation(line: 32, column: 51, scope: !15)
!92 = !DILocation(line: 33, column: 18, scope: !15)
!93 = !DILocation(line: 33, column: 20, scope: !15)
!94 = !DILocation(line: 33, column: 27, scope: !15)
!95 = !DILocation(line: 33, column: 25, scope: !15)
!96 = !DILocation(line: 33, column: 30, scope: !15)
!97 = !DILocation(line: 33, column: 37, scope: !15)
!98 = !DILocation(line: 35, column: 7, scope: !15)
!99 = !DILocation(line: 36, column: 30, scope: !15)
!100 = !DILocation(line: 36, column: 45, scope: !15)
!101 = !DILocation(line: 36, column: 35, scope: !15)
!102 = !DILocation(line: 36, column: 60, scope: !15)
!103 = !DILocation(line: 36, column: 50, scope: !15)
!104 = !DILocation(line: 36, column: 19, scope: !15)
!105 = !DILocation(line: 36, column: 66, scope: !15)
!106 = !DILocation(line: 37, column: 21, scope: !15)
!107 = !DILocation(line: 37, column: 34, scope: !15)
!108 = !DILocation(line: 37, column: 45, scope: !15)
!109 = !DILocation(line: 37, column: 50, scope: !15)
!110 = !DILocation(line: 37, column: 39, scope: !15)
!111 = !DILocation(line: 37, column: 55, scope: !15)
!112 = !DILocation(line: 37, column: 27, scope: !15)
!113 = !DILocation(line: 38, column: 41, scope: !15)
!114 = !DILocation(line: 38, column: 33, scope: !15)
!115 = !DILocation(line: 38, column: 25, scope: !15)
!116 = !DILocation(line: 38, column: 18, scope: !15)
!117 = !DILocation(line: 38, column: 3, scope: !15)
!118 = !DILocation(line: 40, column: 1, scope: !15)
