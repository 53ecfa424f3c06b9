; Kernel model of examples/cu/stencil3d25.cu (generated once with clang-22 -O2
; --cuda-device-only -S -emit-llvm --cuda-gpu-arch=sm_90 -gline-tables-only -fno-discard-value-names).
; RUN: rm -rf %t && %opt-warpest -passes='warpest<no-estimate;dump-model=%t>' -disable-output %s
; RUN: FileCheck %s --input-file=%t/stencil3d25.json
; CHECK: "format": "warpest-kernel-model"
; CHECK: "kernel": "stencil3d25"
; CHECK: "threads": { "x": "nx - 8", "y": "ny - 8", "z": "nz - 8" }
; CHECK: "guard": "tid.x + ctaid.x*ntid.x + 4 < nx - 4 && tid.y + ctaid.y*ntid.y + 4 < ny - 4 && tid.z + ctaid.z*ntid.z + 4 < nz - 4"
; CHECK: "index": [ "tid.z + ctaid.z*ntid.z", "tid.y + ctaid.y*ntid.y + 4", "tid.x + ctaid.x*ntid.x + 4" ]
; CHECK: "index": [ "tid.z + ctaid.z*ntid.z + 8", "tid.y + ctaid.y*ntid.y + 4", "tid.x + ctaid.x*ntid.x + 4" ]
; CHECK: "kind": "store"

; ModuleID = 'stencil3d25.cu'
source_filename = "stencil3d25.cu"
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

; Function Attrs: mustprogress nofree noinline norecurse nosync nounwind willreturn memory(argmem: readwrite)
define dso_local ptx_kernel void @stencil3d25(ptr noalias noundef readonly captures(none) %src, ptr noalias noundef writeonly captures(none) %dst, i32 noundef %nx, i32 noundef %ny, i32 noundef %nz) local_unnamed_addr #0 !dbg !15 {
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
  %6 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.tid.z(), !dbg !43
  %7 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ctaid.z(), !dbg !46
  %8 = tail call noundef i32 @llvm.nvvm.read.ptx.sreg.ntid.z(), !dbg !49
  %mul13 = mul nuw nsw i32 %7, %8, !dbg !52
  %add14 = add nuw nsw i32 %6, 4, !dbg !53
  %add15 = add nuw nsw i32 %add14, %mul13, !dbg !54
  %sub = add nsw i32 %nx, -4, !dbg !55
  %cmp.not = icmp slt i32 %add3, %sub, !dbg !56
  %sub16 = add nsw i32 %ny, -4
  %cmp17.not = icmp slt i32 %add9, %sub16
  %or.cond = select i1 %cmp.not, i1 %cmp17.not, i1 false, !dbg !57
  %sub19 = add nsw i32 %nz, -4
  %cmp20.not = icmp slt i32 %add15, %sub19
  %or.cond218 = select i1 %or.cond, i1 %cmp20.not, i1 false, !dbg !57
  br i1 %or.cond218, label %if.end, label %cleanup, !dbg !57

if.end:                                           ; preds = %entry
  %mul21 = mul nsw i32 %ny, %nx, !dbg !58
  %mul22 = mul nsw i32 %mul21, %add15, !dbg !59
  %mul23 = mul nsw i32 %nx, %add9, !dbg !60
  %add24 = add nsw i32 %mul22, %mul23, !dbg !61
  %add25 = add nsw i32 %add24, %add3, !dbg !62
  %idxprom = sext i32 %add25 to i64, !dbg !63
  %arrayidx = getelementptr inbounds double, ptr %src, i64 %idxprom, !dbg !63
  %9 = load double, ptr %arrayidx, align 8, !dbg !63, !tbaa !64
  %mul26 = fmul contract double %9, 9.000000e-01, !dbg !66
  %arrayidx29 = getelementptr i8, ptr %arrayidx, i64 -8, !dbg !67
  %10 = load double, ptr %arrayidx29, align 8, !dbg !67, !tbaa !64
  %arrayidx32 = getelementptr i8, ptr %arrayidx, i64 8, !dbg !68
  %11 = load double, ptr %arrayidx32, align 8, !dbg !68, !tbaa !64
  %add33 = fadd contract double %10, %11, !dbg !69
  %sub34 = sub nsw i32 %add25, %nx, !dbg !70
  %idxprom35 = sext i32 %sub34 to i64, !dbg !71
  %arrayidx36 = getelementptr inbounds double, ptr %src, i64 %idxprom35, !dbg !71
  %12 = load double, ptr %arrayidx36, align 8, !dbg !71, !tbaa !64
  %add37 = fadd contract double %add33, %12, !dbg !72
  %add38 = add nsw i32 %add25, %nx, !dbg !73
  %idxprom39 = sext i32 %add38 to i64, !dbg !74
  %arrayidx40 = getelementptr inbounds double, ptr %src, i64 %idxprom39, !dbg !74
  %13 = load double, ptr %arrayidx40, align 8, !dbg !74, !tbaa !64
  %add41 = fadd contract double %add37, %13, !dbg !75
  %sub42 = sub nsw i32 %add25, %mul21, !dbg !76
  %idxprom43 = sext i32 %sub42 to i64, !dbg !77
  %arrayidx44 = getelementptr inbounds double, ptr %src, i64 %idxprom43, !dbg !77
  %14 = load double, ptr %arrayidx44, align 8, !dbg !77, !tbaa !64
  %add45 = fadd contract double %add41, %14, !dbg !78
  %add46 = add nsw i32 %add25, %mul21, !dbg !79
  %idxprom47 = sext i32 %add46 to i64, !dbg !80
  %arrayidx48 = getelementptr inbounds double, ptr %src, i64 %idxprom47, !dbg !80
  %15 = load double, ptr %arrayidx48, align 8, !dbg !80, !tbaa !64
  %add49 = fadd contract double %add45, %15, !dbg !81
  %mul50 = fmul contract double %add49, 1.100000e-01, !dbg !82
  %16 = fsub contract double %mul50, %mul26, !dbg !83
  %arrayidx54 = getelementptr i8, ptr %arrayidx, i64 -16, !dbg !84
  %17 = load double, ptr %arrayidx54, align 8, !dbg !84, !tbaa !64
  %arrayidx57 = getelementptr i8, ptr %arrayidx, i64 16, !dbg !85
  %18 = load double, ptr %arrayidx57, align 8, !dbg !85, !tbaa !64
  %add58 = fadd contract double %17, %18, !dbg !86
  %mul59 = shl nsw i32 %nx, 1, !dbg !87
  %sub60 = sub nsw i32 %add25, %mul59, !dbg !88
  %idxprom61 = sext i32 %sub60 to i64, !dbg !89
  %arrayidx62 = getelementptr inbounds double, ptr %src, i64 %idxprom61, !dbg !89
  %19 = load double, ptr %arrayidx62, align 8, !dbg !89, !tbaa !64
  %add63 = fadd contract double %add58, %19, !dbg !90
  %add65 = add nsw i32 %add25, %mul59, !dbg !91
  %idxprom66 = sext i32 %add65 to i64, !dbg !92
  %arrayidx67 = getelementptr inbounds double, ptr %src, i64 %idxprom66, !dbg !92
  %20 = load double, ptr %arrayidx67, align 8, !dbg !92, !tbaa !64
  %add68 = fadd contract double %add63, %20, !dbg !93
  %mul69 = shl nsw i32 %mul21, 1, !dbg !94
  %sub70 = sub nsw i32 %add25, %mul69, !dbg !95
  %idxprom71 = sext i32 %sub70 to i64, !dbg !96
  %arrayidx72 = getelementptr inbounds double, ptr %src, i64 %idxprom71, !dbg !96
  %21 = load double, ptr %arrayidx72, align 8, !dbg !96, !tbaa !64
  %add73 = fadd contract double %add68, %21, !dbg !97
  %add75 = add nsw i32 %add25, %mul69, !dbg !98
  %idxprom76 = sext i32 %add75 to i64, !dbg !99
  %arrayidx77 = getelementptr inbounds double, ptr %src, i64 %idxprom76, !dbg !99
  %22 = load double, ptr %arrayidx77, align 8, !dbg !99, !tbaa !64
  %add78 = fadd contract double %add73, %22, !dbg !100
  %mul79 = fmul contract double %add78, 7.000000e-02, !dbg !101
  %add80 = fadd contract double %16, %mul79, !dbg !102
  %arrayidx83 = getelementptr i8, ptr %arrayidx, i64 -24, !dbg !103
  %23 = load double, ptr %arrayidx83, align 8, !dbg !103, !tbaa !64
  %arrayidx86 = getelementptr i8, ptr %arrayidx, i64 24, !dbg !104
  %24 = load double, ptr %arrayidx86, align 8, !dbg !104, !tbaa !64
  %add87 = fadd contract double %23, %24, !dbg !105
  %mul88 = mul nsw i32 %nx, 3, !dbg !106
  %sub89 = sub nsw i32 %add25, %mul88, !dbg !107
  %idxprom90 = sext i32 %sub89 to i64, !dbg !108
  %arrayidx91 = getelementptr inbounds double, ptr %src, i64 %idxprom90, !dbg !108
  %25 = load double, ptr %arrayidx91, align 8, !dbg !108, !tbaa !64
  %add92 = fadd contract double %add87, %25, !dbg !109
  %add94 = add nsw i32 %add25, %mul88, !dbg !110
  %idxprom95 = sext i32 %add94 to i64, !dbg !111
  %arrayidx96 = getelementptr inbounds double, ptr %src, i64 %idxprom95, !dbg !111
  %26 = load double, ptr %arrayidx96, align 8, !dbg !111, !tbaa !64
  %add97 = fadd contract double %add92, %26, !dbg !112
  %mul98 = mul nsw i32 %mul21, 3, !dbg !113
  %sub99 = sub nsw i32 %add25, %mul98, !dbg !114
  %idxprom100 = sext i32 %sub99 to i64, !dbg !115
  %arrayidx101 = getelementptr inbounds double, ptr %src, i64 %idxprom100, !dbg !115
  %27 = load double, ptr %arrayidx101, align 8, !dbg !115, !tbaa !64
  %add102 = fadd contract double %add97, %27, !dbg !116
  %add104 = add nsw i32 %add25, %mul98, !dbg !117
  %idxprom105 = sext i32 %add104 to i64, !dbg !118
  %arrayidx106 = getelementptr inbounds double, ptr %src, i64 %idxprom105, !dbg !118
  %28 = load double, ptr %arrayidx106, align 8, !dbg !118, !tbaa !64
  %add107 = fadd contract double %add102, %28, !dbg !119
  %mul108 = fmul contract double %add107, 5.000000e-02, !dbg !120
  %add109 = fadd contract double %add80, %mul108, !dbg !121
  %sub110 = add i32 %add24, %add, !dbg !122
  %idxprom111 = sext i32 %sub110 to i64, !dbg !123
  %arrayidx112 = getelementptr inbounds double, ptr %src, i64 %idxprom111, !dbg !123
  %29 = load double, ptr %arrayidx112, align 8, !dbg !123, !tbaa !64
  %arrayidx115 = getelementptr i8, ptr %arrayidx, i64 32, !dbg !124
  %30 = load double, ptr %arrayidx115, align 8, !dbg !124, !tbaa !64
  %add116 = fadd contract double %29, %30, !dbg !125
  %mul117 = shl nsw i32 %nx, 2, !dbg !126
  %sub118 = sub nsw i32 %add25, %mul117, !dbg !127
  %idxprom119 = sext i32 %sub118 to i64, !dbg !128
  %arrayidx120 = getelementptr inbounds double, ptr %src, i64 %idxprom119, !dbg !128
  %31 = load double, ptr %arrayidx120, align 8, !dbg !128, !tbaa !64
  %add121 = fadd contract double %add116, %31, !dbg !129
  %add123 = add nsw i32 %add25, %mul117, !dbg !130
  %idxprom124 = sext i32 %add123 to i64, !dbg !131
  %arrayidx125 = getelementptr inbounds double, ptr %src, i64 %idxprom124, !dbg !131
  %32 = load double, ptr %arrayidx125, align 8, !dbg !131, !tbaa !64
  %add126 = fadd contract double %add121, %32, !dbg !132
  %mul127 = shl nsw i32 %mul21, 2, !dbg !133
  %sub128 = sub nsw i32 %add25, %mul127, !dbg !134
  %idxprom129 = sext i32 %sub128 to i64, !dbg !135
  %arrayidx130 = getelementptr inbounds double, ptr %src, i64 %idxprom129, !dbg !135
  %33 = load double, ptr %arrayidx130, align 8, !dbg !135, !tbaa !64
  %add131 = fadd contract double %add126, %33, !dbg !136
  %add133 = add nsw i32 %add25, %mul127, !dbg !137
  %idxprom134 = sext i32 %add133 to i64, !dbg !138
  %arrayidx135 = getelementptr inbounds double, ptr %src, i64 %idxprom134, !dbg !138
  %34 = load double, ptr %arrayidx135, align 8, !dbg !138, !tbaa !64
  %add136 = fadd contract double %add131, %34, !dbg !139
  %mul137 = fmul contract double %add136, 2.000000e-02, !dbg !140
  %add138 = fadd contract double %add109, %mul137, !dbg !141
  %arrayidx140 = getelementptr inbounds double, ptr %dst, i64 %idxprom, !dbg !142
  store double %add138, ptr %arrayidx140, align 8, !dbg !143, !tbaa !64
  br label %cleanup, !dbg !144

cleanup:                                          ; preds = %entry, %if.end
  ret void, !dbg !144
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
!7 = !DIFile(filename: "stencil3d25.cu", directory: "/work/main/examples/cu")
!8 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!9 = !{!"clang version 3.8.0 (tags/RELEASE_380/final)"}
!10 = !{!11, !11, i64 0}
!11 = !{!"int", !12, i64 0}
!12 = !{!"omnipotent char", !13, i64 0}
!13 = !{!"Simple C++ TBAA"}
!14 = !{i32 2, i32 0}
!15 = distinct !DISubprogram(name: "stencil3d25", scope: !7, file: !7, line: 7, type: !16, scopeLine: 9, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!16 = !DISubroutineType(types: !17)
!17 = !{}
!18 = !DILocation(line: 53, column: 27, scope: !19, inlinedAt: !21)
!19 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 53, type: !16, scopeLine: 53, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!20 = !DIFile(filename: "/usr/lib/llvm-22/lib/clang/22/include/__clang_cuda_builtin_vars.h", directory: "")
!21 = distinct !DILocation(line: 10, column: 10, scope: !15)
!22 = !DILocation(line: 66, column: 27, scope: !23, inlinedAt: !24)
!23 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 66, type: !16, scopeLine: 66, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!24 = distinct !DILocation(line: 10, column: 24, scope: !15)
!25 = !DILocation(line: 79, column: 27, scope: !26, inlinedAt: !27)
!26 = distinct !DISubprogram(name: "__fetch_builtin_x", scope: !20, file: !20, line: 79, type: !16, scopeLine: 79, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!27 = distinct !DILocation(line: 10, column: 37, scope: !15)
!28 = !DILocation(line: 10, column: 35, scope: !15)
!29 = !DILocation(line: 10, column: 22, scope: !15)
!30 = !DILocation(line: 10, column: 48, scope: !15)
!31 = !DILocation(line: 54, column: 27, scope: !32, inlinedAt: !33)
!32 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 54, type: !16, scopeLine: 54, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!33 = distinct !DILocation(line: 11, column: 10, scope: !15)
!34 = !DILocation(line: 67, column: 27, scope: !35, inlinedAt: !36)
!35 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 67, type: !16, scopeLine: 67, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!36 = distinct !DILocation(line: 11, column: 24, scope: !15)
!37 = !DILocation(line: 80, column: 27, scope: !38, inlinedAt: !39)
!38 = distinct !DISubprogram(name: "__fetch_builtin_y", scope: !20, file: !20, line: 80, type: !16, scopeLine: 80, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!39 = distinct !DILocation(line: 11, column: 37, scope: !15)
!40 = !DILocation(line: 11, column: 35, scope: !15)
!41 = !DILocation(line: 11, column: 22, scope: !15)
!42 = !DILocation(line: 11, column: 48, scope: !15)
!43 = !DILocation(line: 55, column: 27, scope: !44, inlinedAt: !45)
!44 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 55, type: !16, scopeLine: 55, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!45 = distinct !DILocation(line: 12, column: 10, scope: !15)
!46 = !DILocation(line: 68, column: 27, scope: !47, inlinedAt: !48)
!47 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 68, type: !16, scopeLine: 68, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!48 = distinct !DILocation(line: 12, column: 24, scope: !15)
!49 = !DILocation(line: 81, column: 27, scope: !50, inlinedAt: !51)
!50 = distinct !DISubprogram(name: "__fetch_builtin_z", scope: !20, file: !20, line: 81, type: !16, scopeLine: 81, flags: DIFlagPrototyped, spFlags: DISPFlagDefinition | DISPFlagOptimized, unit: !6)
!51 = distinct !DILocation(line: 12, column: 37, scope: !15)
!52 = !DILocation(line: 12, column: 35, scope: !15)
!53 = !DILocation(line: 12, column: 22, scope: !15)
!54 = !DILocation(line: 12, column: 48, scope: !15)
!55 = !DILocation(line: 13, column: 14, scope: !15)
!56 = !DILocation(line: 13, column: 8, scope: !15)
!57 = !DILocation(line: 13, column: 18, scope: !15)
!58 = !DILocation(line: 15, column: 23, scope: !15)
!59 = !DILocation(line: 16, column: 12, scope: !15)
!60 = !DILocation(line: 16, column: 21, scope: !15)
!61 = !DILocation(line: 16, column: 17, scope: !15)
!62 = !DILocation(line: 16, column: 26, scope: !15)
!63 = !DILocation(line: 17, column: 18, scope: !15)
!64 = !{!65, !65, i64 0}
!65 = !{!"double", !12, i64 0}
!66 = !DILocation(line: 17, column: 16, scope: !15)
!67 = !DILocation(line: 18, column: 13, scope: !15)
!68 = !DILocation(line: 18, column: 26, scope: !15)
!69 = !DILocation(line: 18, column: 24, scope: !15)
!70 = !DILocation(line: 18, column: 45, scope: !15)
!71 = !DILocation(line: 18, column: 39, scope: !15)
!72 = !DILocation(line: 18, column: 37, scope: !15)
!73 = !DILocation(line: 18, column: 59, scope: !15)
!74 = !DILocation(line: 18, column: 53, scope: !15)
!75 = !DILocation(line: 18, column: 51, scope: !15)
!76 = !DILocation(line: 18, column: 73, scope: !15)
!77 = !DILocation(line: 18, column: 67, scope: !15)
!78 = !DILocation(line: 18, column: 65, scope: !15)
!79 = !DILocation(line: 18, column: 87, scope: !15)
!80 = !DILocation(line: 18, column: 81, scope: !15)
!81 = !DILocation(line: 18, column: 79, scope: !15)
!82 = !DILocation(line: 18, column: 10, scope: !15)
!83 = !DILocation(line: 18, column: 4, scope: !15)
!84 = !DILocation(line: 19, column: 13, scope: !15)
!85 = !DILocation(line: 19, column: 26, scope: !15)
!86 = !DILocation(line: 19, column: 24, scope: !15)
!87 = !DILocation(line: 19, column: 49, scope: !15)
!88 = !DILocation(line: 19, column: 45, scope: !15)
!89 = !DILocation(line: 19, column: 39, scope: !15)
!90 = !DILocation(line: 19, column: 37, scope: !15)
!91 = !DILocation(line: 19, column: 63, scope: !15)
!92 = !DILocation(line: 19, column: 57, scope: !15)
!93 = !DILocation(line: 19, column: 55, scope: !15)
!94 = !DILocation(line: 19, column: 85, scope: !15)
!95 = !DILocation(line: 19, column: 81, scope: !15)
!96 = !DILocation(line: 19, column: 75, scope: !15)
!97 = !DILocation(line: 19, column: 73, scope: !15)
!98 = !DILocation(line: 19, column: 99, scope: !15)
!99 = !DILocation(line: 19, column: 93, scope: !15)
!100 = !DILocation(line: 19, column: 91, scope: !15)
!101 = !DILocation(line: 19, column: 10, scope: !15)
!102 = !DILocation(line: 19, column: 4, scope: !15)
!103 = !DILocation(line: 20, column: 13, scope: !15)
!104 = !DILocation(line: 20, column: 26, scope: !15)
!105 = !DILocation(line: 20, column: 24, scope: !15)
!106 = !DILocation(line: 20, column: 49, scope: !15)
!107 = !DILocation(line: 20, column: 45, scope: !15)
!108 = !DILocation(line: 20, column: 39, scope: !15)
!109 = !DILocation(line: 20, column: 37, scope: !15)
!110 = !DILocation(line: 20, column: 63, scope: !15)
!111 = !DILocation(line: 20, column: 57, scope: !15)
!112 = !DILocation(line: 20, column: 55, scope: !15)
!113 = !DILocation(line: 20, column: 85, scope: !15)
!114 = !DILocation(line: 20, column: 81, scope: !15)
!115 = !DILocation(line: 20, column: 75, scope: !15)
!116 = !DILocation(line: 20, column: 73, scope: !15)
!117 = !DILocation(line: 20, column: 99, scope: !15)
!118 = !DILocation(line: 20, column: 93, scope: !15)
!119 = !DILocation(line: 20, column: 91, scope: !15)
!120 = !DILocation(line: 20, column: 10, scope: !15)
!121 = !DILocation(line: 20, column: 4, scope: !15)
!122 = !DILocation(line: 21, column: 19, scope: !15)
!123 = !DILocation(line: 21, column: 13, scope: !15)
!124 = !DILocation(line: 21, column: 26, scope: !15)
!125 = !DILocation(line: 21, column: 24, scope: !15)
!126 = !DILocation(line: 21, column: 49, scope: !15)
!127 = !DILocation(line: 21, column: 45, scope: !15)
!128 = !DILocation(line: 21, column: 39, scope: !15)
!129 = !DILocation(line: 21, column: 37, scope: !15)
!130 = !DILocation(line: 21, column: 63, scope: !15)
!131 = !DILocation(line: 21, column: 57, scope: !15)
!132 = !DILocation(line: 21, column: 55, scope: !15)
!133 = !DILocation(line: 21, column: 85, scope: !15)
!134 = !DILocation(line: 21, column: 81, scope: !15)
!135 = !DILocation(line: 21, column: 75, scope: !15)
!136 = !DILocation(line: 21, column: 73, scope: !15)
!137 = !DILocation(line: 21, column: 99, scope: !15)
!138 = !DILocation(line: 21, column: 93, scope: !15)
!139 = !DILocation(line: 21, column: 91, scope: !15)
!140 = !DILocation(line: 21, column: 10, scope: !15)
!141 = !DILocation(line: 21, column: 4, scope: !15)
!142 = !DILocation(line: 22, column: 2, scope: !15)
!143 = !DILocation(line: 22, column: 9, scope: !15)
!144 = !DILocation(line: 23, column: 1, scope: !15)
