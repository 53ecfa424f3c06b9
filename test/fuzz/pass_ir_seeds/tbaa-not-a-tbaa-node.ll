; Kernel model of examples/cu/stencil3d25_fold2z.cu (generated once with clang-22 -O2
; --cuda-device-only -S -emit-llvm --cuda-gpu-arch=sm_90 -gline-tables-only -fno-discard-valueннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннннн-names).
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/stencil3d25_fold2z.json
; CHECK: "format": "warpest-kernel-model"
; CHECK: "kernel": "stencil3d25_fold2z"
; CHECK: "threads": { "x": "nx - 8", "y": "ny - 8", "z": "(nz - 7) / 2" }
; CHECK: "kind": "store", "bytes": 8, "index": [ "2*tid.z + 2*ctaid.z*ntid.z + 4", "tid.y + ctaid.y*ntid.y + 4", "tid.x + ctaid.x*ntid.x + 4" ], "guard": "2*tid.z + 2*ctaid.z*ntid.z + 4 < nz - 4"
; CHECK: "kind": "store", "bytes": 8, "index": [ "2*tid.z + 2*ctaid.z*ntid.z + 5", "tid.y + ctaid.y*ntid.y + 4", "tid.x + ctaid.x*ntid.x + 4" ], "guard": "2*tid.z + 2*ctaid.z*ntid.z + 5 < nz - 4"

; ModuleID = 'stencil3d25_fold2z.cu'
source_filename = "stencil3d25_fold2z.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @stencil3d25_fold2z(ptr noalias noundef readonly captures(none) %src, ptr noalias noundef writeonly captures(none) %dst, i32 noundef %nx, i32 noundef %ny, i32 noundef %nz) local_unnamed_addr #0 !dbg !15 {
entry:
  %0 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.x(), !dbg !18
  %1 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.x(), !dbg !22
  %2 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.x(), !dbg !25
  %mul = mul i32 %1, %2, !dbg !28
  %add = add i32 %mul, %0, !dbg !29
  %add3 = add i32 %add, 4, !dbg !30
  %3 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.y(), !dbg !31
  %4 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.y(), !dbg !34
  %5 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.y(), !dbg !37
  %mul7 = mul nuw nsw i32 %4, %5, !dbg !40
  %add8 = add nuw nsw i32 %3, 4, !dbg !41
  %add9 = add nuw nsw i32 %add8, %mul7, !dbg !42
  %sub = add nsw i32 %nx, -4, !dbg !43
  %cmp.not = icmp slt i32 %add3, %sub, !dbg !44
  %sub15 = add nsw i32 %ny, -4
  %cmp16.not = icmp slt i32 %add9, %sub15
  %or.cond = select i1 %cmp.not, i1 %cmp16.not, i1 false, !dbg !45
  br i1 %or.cond, label %if.end, label %cleanup, !dbg !45

if.end:                                           ; preds = %entry
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.z(), !dbg !46
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !dbg !49
  %mul13 = mul nuw nsw i32 %6, %7, !dbg !52
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !dbg !53
  %add14 = add nuw nsw i32 %mul13, %8, !dbg !56
  %mul17 = mul nsw i32 %ny, %nx, !dbg !57
  %mul19 = shl nuw nsw i32 %add14, 1
  %add20 = add nuw nsw i32 %mul19, 4
  %sub22 = add nsw i32 %nz, -4
  %mul26 = mul nsw i32 %nx, %add9
  %mul62 = shl nsw i32 %nx, 1
  %mul72 = shl nsw i32 %mul17, 1
  %mul91 = mul nsw i32 %nx, 3
  %mul101 = mul nsw i32 %mul17, 3
  %mul120 = shl nsw i32 %nx, 2
  %mul130 = shl nsw i32 %mul17, 2
  %cmp23 = icmp slt i32 %add20, %sub22, !dbg !58
  br i1 %cmp23, label %if.then24, label %if.end144, !dbg !58

if.then24:                                        ; preds = %if.end
  %mul25 = mul nsw i32 %add20, %mul17, !dbg !59
  %add27 = add nsw i32 %mul25, %mul26, !dbg !60
  %add28 = add nsw i32 %add27, %add3, !dbg !61
  %idxprom = sext i32 %add28 to i64, !dbg !62
  %arrayidx = getelementptr inbounds double, ptr %src, i64 %idxprom, !dbg !62
  %9 = load double, ptr %arrayidx, align 8, !dbg !62, !tbaa !63
  %mul29 = fmul contract double %9, 9.000000e-01, !dbg !65
  %arrayidx32 = getelementptr i8, ptr %arrayidx, i64 -8, !dbg !66
  %10 = load double, ptr %arrayidx32, align 8, !dbg !66, !tbaa !63
  %arrayidx35 = getelementptr i8, ptr %arrayidx, i64 8, !dbg !67
  %11 = load double, ptr %arrayidx35, align 8, !dbg !67, !tbaa !63
  %add36 = fadd contract double %10, %11, !dbg !68
  %sub37 = sub nsw i32 %add28, %nx, !dbg !69
  %idxprom38 = sext i32 %sub37 to i64, !dbg !70
  %arrayidx39 = getelementptr inbounds double, ptr %src, i64 %idxprom38, !dbg !70
  %12 = load double, ptr %arrayidx39, align 8, !dbg !70, !tbaa !63
  %add40 = fadd contract double %add36, %12, !dbg !71
  %add41 = add nsw i32 %add28, %nx, !dbg !72
  %idxprom42 = sext i32 %add41 to i64, !dbg !73
  %arrayidx43 = getelementptr inbounds double, ptr %src, i64 %idxprom42, !dbg !73
  %13 = load double, ptr %arrayidx43, align 8, !dbg !73, !tbaa !63
  %add44 = fadd contract double %add40, %13, !dbg !74
  %sub45 = sub nsw i32 %add28, %mul17, !dbg !75
  %idxprom46 = sext i32 %sub45 to i64, !dbg !76
  %arrayidx47 = getelementptr inbounds double, ptr %src, i64 %idxprom46, !dbg !76
  %14 = load double, ptr %arrayidx47, align 8, !dbg !76, !tbaa !63
  %add48 = fadd contract double %add44, %14, !dbg !77
  %add49 = add nsw i32 %add28, %mul17, !dbg !78
  %idxprom50 = sext i32 %add49 to i64, !dbg !79
  %arrayidx51 = getelementptr inbounds double, ptr %src, i64 %idxprom50, !dbg !79
  %15 = load double, ptr %arrayidx51, align 8, !dbg !79, !tbaa !63
  %add52 = fadd contract double %add48, %15, !dbg !80
  %mul53 = fmul contract double %add52, 1.100000e-01, !dbg !81
  %16 = fsub contract double %mul53, %mul29, !dbg !82
  %arrayidx57 = getelementptr i8, ptr %arrayidx, i64 -16, !dbg !83
  %17 = load double, ptr %arrayidx57, align 8, !dbg !83, !tbaa !63
  %arrayidx60 = getelementptr i8, ptr %arrayidx, i64 16, !dbg !84
  %18 = load double, ptr %arrayidx60, align 8, !dbg !84, !tbaa !63
  %add61 = fadd contract double %17, %18, !dbg !85
  %sub63 = sub nsw i32 %add28, %mul62, !dbg !86
  %idxprom64 = sext i32 %sub63 to i64, !dbg !87
  %arrayidx65 = getelementptr inbounds double, ptr %src, i64 %idxprom64, !dbg !87
  %19 = load double, ptr %arrayidx65, align 8, !dbg !87, !tbaa !63
  %add66 = fadd contract double %add61, %19, !dbg !88
  %add68 = add nsw i32 %add28, %mul62, !dbg !89
  %idxprom69 = sext i32 %add68 to i64, !dbg !90
  %arrayidx70 = getelementptr inbounds double, ptr %src, i64 %idxprom69, !dbg !90
  %20 = load double, ptr %arrayidx70, align 8, !dbg !90, !tbaa !63
  %add71 = fadd contract double %add66, %20, !dbg !91
  %sub73 = sub nsw i32 %add28, %mul72, !dbg !92
  %idxprom74 = sext i32 %sub73 to i64, !dbg !93
  %arrayidx75 = getelementptr inbounds double, ptr %src, i64 %idxprom74, !dbg !93
  %21 = load double, ptr %arrayidx75, align 8, !dbg !93, !tbaa !63
  %add76 = fadd contract double %add71, %21, !dbg !94
  %add78 = add nsw i32 %add28, %mul72, !dbg !95
  %idxprom79 = sext i32 %add78 to i64, !dbg !96
  %arrayidx80 = getelementptr inbounds double, ptr %src, i64 %idxprom79, !dbg !96
  %22 = load double, ptr %arrayidx80, align 8, !dbg !96, !tbaa !63
  %add81 = fadd contract double %add76, %22, !dbg !97
  %mul82 = fmul contract double %add81, 7.000000e-02, !dbg !98
  %add83 = fadd contract double %16, %mul82, !dbg !99
  %arrayidx86 = getelementptr i8, ptr %arrayidx, i64 -24, !dbg !100
  %23 = load double, ptr %arrayidx86, align 8, !dbg !100, !tbaa !63
  %arrayidx89 = getelementptr i8, ptr %arrayidx, i64 24, !dbg !101
  %24 = load double, ptr %arrayidx89, align 8, !dbg !101, !tbaa !63
  %add90 = fadd contract double %23, %24, !dbg !102
  %sub92 = sub nsw i32 %add28, %mul91, !dbg !103
  %idxprom93 = sext i32 %sub92 to i64, !dbg !104
  %arrayidx94 = getelementptr inbounds double, ptr %src, i64 %idxprom93, !dbg !104
  %25 = load double, ptr %arrayidx94, align 8, !dbg !104, !tbaa !63
  %add95 = fadd contract double %add90, %25, !dbg !105
  %add97 = add nsw i32 %add28, %mul91, !dbg !106
  %idxprom98 = sext i32 %add97 to i64, !dbg !107
  %arrayidx99 = getelementptr inbounds double, ptr %src, i64 %idxprom98, !dbg !107
  %26 = load double, ptr %arrayidx99, align 8, !dbg !107, !tbaa !63
  %add100 = fadd contract double %add95, %26, !dbg !108
  %sub102 = sub nsw i32 %add28, %mul101, !dbg !109
  %idxprom103 = sext i32 %sub102 to i64, !dbg !110
  %arrayidx104 = getelementptr inbounds double, ptr %src, i64 %idxprom103, !dbg !110
  %27 = load double, ptr %arrayidx104, align 8, !dbg !110, !tbaa !63
  %add105 = fadd contract double %add100, %27, !dbg !111
  %add107 = add nsw i32 %add28, %mul101, !dbg !112
  %idxprom108 = sext i32 %add107 to i64, !dbg !113
  %arrayidx109 = getelementptr inbounds double, ptr %src, i64 %idxprom108, !dbg !113
  %28 = load double, ptr %arrayidx109, align 8, !dbg !113, !tbaa !63
  %add110 = fadd contract double %add105, %28, !dbg !114
  %mul111 = fmul contract double %add110, 5.000000e-02, !dbg !115
  %add112 = fadd contract double %add83, %mul111, !dbg !116
  %sub113 = add i32 %add27, %add, !dbg !117
  %idxprom114 = sext i32 %sub113 to i64, !dbg !118
  %arrayidx115 = getelementptr inbounds double, ptr %src, i64 %idxprom114, !dbg !118
  %29 = load double, ptr %arrayidx115, align 8, !dbg !118, !tbaa !63
  %arrayidx118 = getelementptr i8, ptr %arrayidx, i64 32, !dbg !119
  %30 = load double, ptr %arrayidx118, align 8, !dbg !119, !tbaa !63
  %add119 = fadd contract double %29, %30, !dbg !120
  %sub121 = sub nsw i32 %add28, %mul120, !dbg !121
  %idxprom122 = sext i32 %sub121 to i64, !dbg !122
  %arrayidx123 = getelementptr inbounds double, ptr %src, i64 %idxprom122, !dbg !122
  %31 = load double, ptr %arrayidx123, align 8, !dbg !122, !tbaa !63
  %add124 = fadd contract double %add119, %31, !dbg !123
  %add126 = add nsw i32 %add28, %mul120, !dbg !124
  %idxprom127 = sext i32 %add126 to i64, !dbg !125
  %arrayidx128 = getelementptr inbounds double, ptr %src, i64 %idxprom127, !dbg !125
  %32 = load double, ptr %arrayidx128, align 8, !dbg !125, !tbaa !63
  %add129 = fadd contract double %add124, %32, !dbg !126
  %sub131 = sub nsw i32 %add28, %mul130, !dbg !127
  %idxprom132 = sext i32 %sub131 to i64, !dbg !128
  %arrayidx133 = getelementptr inbounds double, ptr %src, i64 %idxprom132, !dbg !128
  %33 = load double, ptr %arrayidx133, align 8, !dbg !128, !tbaa !63
  %add134 = fadd contract double %add129, %33, !dbg !129
  %add136 = add nsw i32 %add28, %mul130, !dbg !130
  %idxprom137 = sext i32 %add136 to i64, !dbg !131
  %arrayidx138 = getelementptr inbounds double, ptr %src, i64 %idxprom137, !dbg !131
  %34 = load double, ptr %arrayidx138, align 8, !dbg !131, !tbaa !63
  %add139 = fadd contract double %add134, %34, !dbg !132
  %mul140 = fmul contract double %add139, 2.000000e-02, !dbg !133
  %add141 = fadd contract double %add112, %mul140, !dbg !134
  %arrayidx143 = getelementptr inbounds double, ptr %dst, i64 %idxprom, !dbg !135
  store double %add141, ptr %arrayidx143, align 8, !dbg !136, !tbaa !63
  br label %if.end144, !dbg !137

if.end144:                                        ; preds = %if.then24, %if.end
  %add21.1 = add nuw nsw i32 %mul19, 5, !dbg !138
  %cmp23.1 = icmp slt i32 %add21.1, %sub22, !dbg !58
  br i1 %cmp23.1, label %if.then24.1, label %cleanup, !dbg !58

if.then24.1:                                      ; preds = %if.end144
  %mul25.1 = mul nsw i32 %add21.1, %mul17, !dbg !59
  %add27.1 = add nsw i32 %mul25.1, %mul26, !dbg !60
  %add28.1 = add nsw i32 %add27.1, %add3, !dbg !61
  %idxprom.1 = sext i32 %add28.1 to i64, !dbg !62
  %arrayidx.1 = getelementptr inbounds double, ptr %src, i64 %idxprom.1, !dbg !62
  %35 = load double, ptr %arrayidx.1, align 8, !dbg !62, !tbaa !63
  %mul29.1 = fmul contract double %35, 9.000000e-01, !dbg !65
  %arrayidx32.1 = getelementptr i8, ptr %arrayidx.1, i64 -8, !dbg !66
  %36 = load double, ptr %arrayidx32.1, align 8, !dbg !66, !tbaa !63
  %arrayidx35.1 = getelementptr i8, ptr %arrayidx.1, i64 8, !dbg !67
  %37 = load double, ptr %arrayidx35.1, align 8, !dbg !67, !tbaa !63
  %add36.1 = fadd contract double %36, %37, !dbg !68
  %sub37.1 = sub nsw i32 %add28.1, %nx, !dbg !69
  %idxprom38.1 = sext i32 %sub37.1 to i64, !dbg !70
  %arrayidx39.1 = getelementptr inbounds double, ptr %src, i64 %idxprom38.1, !dbg !70
  %38 = load double, ptr %arrayidx39.1, align 8, !dbg !70, !tbaa !63
  %add40.1 = fadd contract double %add36.1, %38, !dbg !71
  %add41.1 = add nsw i32 %add28.1, %nx, !dbg !72
  %idxprom42.1 = sext i32 %add41.1 to i64, !dbg !73
  %arrayidx43.1 = getelementptr inbounds double, ptr %src, i64 %idxprom42.1, !dbg !73
  %39 = load double, ptr %arrayidx43.1, align 8, !dbg !73, !tbaa !16
  %add44.1 = fadd contract double %add40.1, %39, !dbg !74
  %sub45.1 = sub nsw i32 %add28.1, %mul17, !dbg !75
  %idxprom46.1 = sext i32 %sub45.1 to i64, !dbg !76
  %arrayidx47.1 = getelementptr inbounds double, ptr %src, i64 %idxprom46.1, !dbg !76
  %40 = load double, ptr %arrayidx47.1, align 8, !dbg !76, !tbaa !63
  %add48.1 = fadd contract double %add44.1, %40, !dbg !77
  %add49.1 = add nsw i32 %add28.1, %mul17, !dbg !78
  %idxprom50.1 = sext i32 %add49.1 to i64, !dbg !79
  %arrayidx51.1 = getelementptr inbounds double, ptr %src, i64 %idxprom50.1, !dbg !79
  %41 = load double, ptr %arrayidx51.1, align 8, !dbg !79, !tbaa !63
  %add52.1 = fadd contract double %add48.1, %41, !dbg !80
  %mul53.1 = fmul contract double %add52.1, 1.100000e-01, !dbg !81
  %42 = fsub contract double %mul53.1, %mul29.1, !dbg !82
  %arrayidx57.1 = getelementptr i8, ptr %arrayidx.1, i64 -16, !dbg !83
  %43 = load double, ptr %arrayidx57.1, align 8, !dbg !83, !tbaa !63
  %arrayidx60.1 = getelementptr i8, ptr %arrayidx.1, i64 16, !dbg !84
  %44 = load double, ptr %arrayidx60.1, align 8, !dbg !84, !tbaa !63
  %add61.1 = fadd contract double %43, %44, !dbg !85
  %sub63.1 = sub nsw i32 %add28.1, %mul62, !dbg !86
  %idxprom64.1 = sext i32 %sub63.1 to i64, !dbg !87
  %arrayidx65.1 = getelementptr inbounds double, ptr %src, i64 %idxprom64.1, !dbg !87
  %45 = load double, ptr %arrayidx65.1, align 8, !dbg !87, !tbaa !63
  %add66.1 = fadd contract double %add61.1, %45, !dbg !88
  %add68.1 = add nsw i32 %add28.1, %mul62, !dbg !89
  %idxprom69.1 = sext i32 %add68.1 to i64, !dbg !90
  %arrayidx70.1 = getelementptr inbounds double, ptr %src, i64 %idxprom69.1, !dbg !90
  %46 = load double, ptr %arrayidx70.1, align 8, !dbg !90, !tbaa !63
  %add71.1 = fadd contract double %add66.1, %46, !dbg !91
  %sub73.1 = sub nsw i32 %add28.1, %mul72, !dbg !92
  %idxprom74.1 = sext i32 %sub73.1 to i64, !dbg !93
  %arrayidx75.1 = getelementptr inbounds double, ptr %src, i64 %idxprom74.1, !dbg !93
  %47 = load double, ptr %arrayidx75.1, align 8, !dbg !93, !tbaa !63
  %add76.1 = fadd contract double %add71.1, %47, !dbg !94
  %add78.1 = add nsw i32 %add28.1, %mul72, !dbg !95
  %idxprom79.1 = sext i32 %add78.1 to i64, !dbg !96
  %arrayidx80.1 = getelementptr inbounds double, ptr %src, i64 %idxprom79.1, !dbg !96
  %48 = load double, ptr %arrayidx80.1, align 8, !dbg !96, !tbaa !63
  %add81.1 = fadd contract double %add76.1, %48, !dbg !97
  %mul82.1 = fmul contract double %add81.1, 7.000000e-02, !dbg !98
  %add83.1 = fadd contract double %42, %mul82.1, !dbg !99
  %arrayidx86.1 = getelementptr i8, ptr %arrayidx.1, i64 -24, !dbg !100
  %49 = load double, ptr %arrayidx86.1, align 8, !dbg !100, !tbaa !63
  %arrayidx89.1 = getelementptr i8, ptr %arrayidx.1, i64 24, !dbg !101
  %50 = load double, ptr %arrayidx89.1, align 8, !dbg !101, !tbaa !63
  %add90.1 = fadd contract double %49, %50, !dbg !102
  %sub92.1 = sub nsw i32 %add28.1, %mul91, !dbg !103
  %idxprom93.1 = sext i32 %sub92.1 to i64, !dbg !104
  %arrayidx94.1 = getelementptr inbounds double, ptr %src, i64 %idxprom93.1, !dbg !104
  %51 = load double, ptr %arrayidx94.1, align 8, !dbg !104, !tbaa !63
  %add95.1 = fadd contract double %add90.1, %51, !dbg !105
  %add97.1 = add nsw i32 %add28.1, %mul91, !dbg !106
  %idxprom98.1 = sext i32 %add97.1 to i64, !dbg !107
  %arrayidx99.1 = getelementptr inbounds double, ptr %src, i64 %idxprom98.1, !dbg !107
  %52 = load double, ptr %arrayidx99.1, align 8, !dbg !107, !tbaa !63
  %add100.1 = fadd contract double %add95.1, %52, !dbg !108
  %sub102.1 = sub nsw i32 %add28.1, %mul101, !dbg !109
  %idxprom103.1 = sext i32 %sub102.1 to i64, !dbg !110
  %arrayidx104.1 = getelementptr inbounds double, ptr %src, i64 %idxprom103.1, !dbg !110
  %53 = load double, ptr %arrayidx104.1, align 8, !dbg !110, !tbaa !63
  %add105.1 = fadd contract double %add100.1, %53, !dbg !111
  %add107.1 = add nsw i32 %add28.1, %mul101, !dbg !112
  %idxprom108.1 = sext i32 %add107.1 to i64, !dbg !113
  %arrayidx109.1 = getelementptr inbounds double, ptr %src, i64 %idxprom108.1, !dbg !113
  %54 = load double, ptr %arrayidx109.1, align 8, !dbg !113, !tbaa !63
  %add110.1 = fadd contract double %add105.1, %54, !dbg !114
  %mul111.1 = fmul contract double %add110.1, 5.000000e-02, !dbg !115
  %add112.1 = fadd contract double %add83.1, %mul111.1, !dbg !116
  %sub113.1 = add i32 %add27.1, %add, !dbg !117
  %idxprom114.1 = sext i32 %sub113.1 to i64, !dbg !118
  %arrayidx115.1 = getelementptr inbounds double, ptr %src, i64 %idxprom114.1, !dbg !118
  %55 = load double, ptr %arrayidx115.1, align 8, !dbg !118, !tbaa !63
  %arrayidx118.1 = getelementptr i8, ptr %arrayidx.1, i64 32, !dbg !119
  %56 = load double, ptr %arrayidx118.1, align 8, !dbg !119, !tbaa !63
  %add119.1 = fadd contract double %55, %56, !dbg !120
  %sub121.1 = sub nsw i32 %add28.1, %mul120, !dbg !121
  %idxprom122.1 = sext i32 %sub121.1 to i64, !dbg !122
  %arrayidx123.1 = getelementptr inbounds double, ptr %src, i64 %idxprom122.1, !dbg !122
  %57 = load double, ptr %arrayidx123.1, align 8, !dbg !122, !tbaa !63
  %add124.1 = fadd contract double %add119.1, %57, !dbg !123
  %add126.1 = add nsw i32 %add28.1, %mul120, !dbg !124
  %idxprom127.1 = sext i32 %add126.1 to i64, !dbg !125
  %arrayidx128.1 = getelementptr inbounds double, ptr %src, i64 %idxprom127.1, !dbg !125
  %58 = load double, ptr %arrayidx128.1, align 8, !dbg !125, !tbaa !63
  %add129.1 = fadd contract double %add124.1, %58, !dbg !126
  %sub131.1 = sub nsw i32 %add28.1, %mul130, !dbg !127
  %idxprom132.1 = sext i32 %sub131.1 to i64, !dbg !128
  %arrayidx133.1 = getelementptr inbounds double, ptr %src, i64 %idxprom132.1, !dbg !128
  %59 = load double, ptr %arrayidx133.1, align 8, !dbg !128, !tbaa !63
  %add134.1 = fadd contract double %add129.1, %59, !dbg !129
  %add136.1 = add nsw i32 %add28.1, %mul130, !dbg !130
  %idxprom137.1 = sext i32 %add136.1 to i64, !dbg !131
  %arrayidx138.1 = getelementptr inbounds double, ptr %src, i64 %idxprom137.1, !dbg !131
  %60 = load double, ptr %arrayidx138.1, align 8, !dbg !131, !tbaa !63
  %add139.1 = fadd contract double %add134.1, %60, !dbg !132
  %mul140.1 = fmul contract double %add139.1, 2.000000e-02, !dbg !133
  %add141.1 = fadd contract double %add112.1, %mul140.1, !dbg !134
  %arrayidx143.1 = getelementptr inbounds double, ptr %dst, i64 %idxprom.1, !dbg !135
  store double %add141.1, ptr %arrayidx143.1, align 8, !dbg !136, !tbaa !63
  br label %cleanup, !dbg !137

cleanup:                                          ; preds = %if.end144, %if.then24.1, %entry
  ret void, !dbg !139
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
!7 = !DIFile(filename: "stencil3d25_fold2z.cu", directory: "/work/main/examples/cu")
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{i32 2, i32 0}
!15 = distinct !DISubprogram(name: "stencil3d25_fold2z", scope: !7, file: !7, line: 8, type: !16, scopeLine: 10, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 53, column: 27, scope: !19, inlinedAt: !21)
!19 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!20 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_builtin_vars.h", directory: "")
!21 = distinct !DILocation(line: 11, column: 10, scope: !15)
!22 = !DILocation(line: 66, column: 27, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 66, type: !16, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!24 = distinct !DILocation(line: 11, column: 24, scope: !15)
!25 = !DILocation(line: 79, column: 27, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 79, type: !16, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!27 = distinct !DILocation(line: 11, column: 37, scope: !15)
!28 = !DILocation(line: 11, column: 35, scope: !15)
!29 = !DILocation(line: 11, column: 22, scope: !15)
!30 = !DILocation(line: 11, column: 48, scope: !15)
!31 = !DILocation(line: 54, column: 27, scope: !32, inlinedAt: !33)
!32 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 54, type: !16, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!33 = distinct !DILocation(line: 12, column: 10, scope: !15)
!34 = !DILocation(line: 67, column: 27, scope: !35, inlinedAt: !36)
!35 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 67, type: !16, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!36 = distinct !DILocation(line: 12, column: 24, scope: !15)
!37 = !DILocation(line: 80, column: 27, scope: !38, inlinedAt: !39)
!38 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 80, type: !16, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!39 = distinct !DILocation(line: 12, column: 37, scope: !15)
!40 = !DILocation(line: 12, column: 35, scope: !15)
!41 = !DILocation(line: 12, column: 22, scope: !15)
!42 = !DILocation(line: 12, column: 48, scope: !15)
!43 = !DILocation(line: 14, column: 14, scope: !15)
!44 = !DILocation(line: 14, column: 8, scope: !15)
!45 = !DILocation(line: 14, column: 18, scope: !15)
!46 = !DILocation(line: 68, column: 27, scope: !47, inlinedAt: !48)
!47 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 68, type: !16, scopeLine: 68, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!48 = distinct !DILocation(line: 13, column: 25, scope: !15)
!49 = !DILocation(line: 81, column: 27, scope: !50, inlinedAt: !51)
!50 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 81, type: !16, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!51 = distinct !DILocation(line: 13, column: 38, scope: !15)
!52 = !DILocation(line: 13, column: 36, scope: !15)
!53 = !DILocation(line: 55, column: 27, scope: !54, inlinedAt: !55)
!54 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 55, type: !16, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!55 = distinct !DILocation(line: 13, column: 11, scope: !15)
!56 = !DILocation(line: 13, column: 23, scope: !15)
!57 = !DILocation(line: 16, column: 23, scope: !15)
!58 = !DILocation(line: 20, column: 9, scope: !15)
!59 = !DILocation(line: 21, column: 14, scope: !15)
!60 = !DILocation(line: 21, column: 19, scope: !15)
!61 = !DILocation(line: 21, column: 28, scope: !15)
!62 = !DILocation(line: 22, column: 20, scope: !15)
!63 = !{!64, !64, i64 0}
!64 = !{!"double", !12, i64 0}
!65 = !DILocation(line: 22, column: 18, scope: !15)
!66 = !DILocation(line: 23, column: 15, scope: !15)
!67 = !DILocation(line: 23, column: 28, scope: !15)
!68 = !DILocation(line: 23, column: 26, scope: !15)
!69 = !DILocation(line: 23, column: 47, scope: !15)
!70 = !DILocation(line: 23, column: 41, scope: !15)
!71 = !DILocation(line: 23, column: 39, scope: !15)
!72 = !DILocation(line: 23, column: 61, scope: !15)
!73 = !DILocation(line: 23, column: 55, scope: !15)
!74 = !DILocation(line: 23, column: 53, scope: !15)
!75 = !DILocation(line: 23, column: 75, scope: !15)
!76 = !DILocation(line: 23, column: 69, scope: !15)
!77 = !DILocation(line: 23, column: 67, scope: !15)
!78 = !DILocation(line: 23, column: 89, scope: !15)
!79 = !DILocation(line: 23, column: 83, scope: !15)
!80 = !DILocation(line: 23, column: 81, scope: !15)
!81 = !DILocation(line: 23, column: 12, scope: !15)
!82 = !DILocation(line: 23, column: 6, scope: !15)
!83 = !DILocation(line: 24, column: 15, scope: !15)
!84 = !DILocation(line: 24, column: 28, scope: !15)
!85 = !DILocation(line: 24, column: 26, scope: !15)
!86 = !DILocation(line: 24, column: 47, scope: !15)
!87 = !DILocation(line: 24, column: 41, scope: !15)
!88 = !DILocation(line: 24, column: 39, scope: !15)
!89 = !DILocation(line: 24, column: 65, scope: !15)
!90 = !DILocation(line: 24, column: 59, scope: !15)
!91 = !DILocation(line: 24, column: 57, scope: !15)
!92 = !DILocation(line: 24, column: 83, scope: !15)
!93 = !DILocation(line: 24, column: 77, scope: !15)
!94 = !DILocation(line: 24, column: 75, scope: !15)
!95 = !DILocation(line: 24, column: 101, scope: !15)
!96 = !DILocation(line: 24, column: 95, scope: !15)
!97 = !DILocation(line: 24, column: 93, scope: !15)
!98 = !DILocation(line: 24, column: 12, scope: !15)
!99 = !DILocation(line: 24, column: 6, scope: !15)
!100 = !DILocation(line: 25, column: 15, scope: !15)
!101 = !DILocation(line: 25, column: 28, scope: !15)
!102 = !DILocation(line: 25, column: 26, scope: !15)
!103 = !DILocation(line: 25, column: 47, scope: !15)
!104 = !DILocation(line: 25, column: 41, scope: !15)
!105 = !DILocation(line: 25, column: 39, scope: !15)
!106 = !DILocation(line: 25, column: 65, scope: !15)
!107 = !DILocation(line: 25, column: 59, scope: !15)
!108 = !DILocation(line: 25, column: 57, scope: !15)
!109 = !DILocation(line: 25, column: 83, scope: !15)
!110 = !DILocation(line: 25, column: 77, scope: !15)
!111 = !DILocation(line: 25, column: 75, scope: !15)
!112 = !DILocation(line: 25, column: 101, scope: !15)
!113 = !DILocation(line: 25, column: 95, scope: !15)
!114 = !DILocation(line: 25, column: 93, scope: !15)
!115 = !DILocation(line: 25, column: 12, scope: !15)
!116 = !DILocation(line: 25, column: 6, scope: !15)
!117 = !DILocation(line: 26, column: 21, scope: !15)
!118 = !DILocation(line: 26, column: 15, scope: !15)
!119 = !DILocation(line: 26, column: 28, scope: !15)
!120 = !DILocation(line: 26, column: 26, scope: !15)
!121 = !DILocation(line: 26, column: 47, scope: !15)
!122 = !DILocation(line: 26, column: 41, scope: !15)
!123 = !DILocation(line: 26, column: 39, scope: !15)
!124 = !DILocation(line: 26, column: 65, scope: !15)
!125 = !DILocation(line: 26, column: 59, scope: !15)
!126 = !DILocation(line: 26, column: 57, scope: !15)
!127 = !DILocation(line: 26, column: 83, scope: !15)
!128 = !DILocation(line: 26, column: 77, scope: !15)
!129 = !DILocation(line: 26, column: 75, scope: !15)
!130 = !DILocation(line: 26, column: 101, scope: !15)
!131 = !DILocation(line: 26, column: 95, scope: !15)
!132 = !DILocation(line: 26, column: 93, scope: !15)
!133 = !DILocation(line: 26, column: 12, scope: !15)
!134 = !DILocation(line: 26, column: 6, scope: !15)
!135 = !DILocation(line: 27, column: 4, scope: !15)
!136 = !DILocation(line: 27, column: 11, scope: !15)
!137 = !DILocation(line: 28, column: 3, scope: !15)
!138 = !DILocation(line: 19, column: 22, scope: !15)
!139 = !DILocation(line: 30, column: 1, scope: !15)
