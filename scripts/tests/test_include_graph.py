"""The include-cycle and file-length check (scripts/include_graph.py): it finds
cycles it is shown, and the project itself has none."""
import os
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
import include_graph  # noqa: E402

ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))


def make_tree(files):
    root = tempfile.mkdtemp(prefix="include_graph_")
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w") as fh:
            fh.write(text)
    return root


class SyntheticTrees(unittest.TestCase):
    def test_clean_layers(self):
        root = make_tree({
            "runtime/src/base/a.h": "int a_fn(void);\n",
            "runtime/src/base/a.c": '#include "base/a.h"\nint a_fn(void)\n{\n\treturn 1;\n}\n',
            "runtime/src/top/b.c": '#include "base/a.h"\nint b_fn(void)\n{\n\treturn a_fn();\n}\n',
        })
        self.assertEqual(include_graph.check(root), [])

    def test_header_cycle(self):
        root = make_tree({
            "runtime/src/x/p.h": '#include "x/q.h"\n',
            "runtime/src/x/q.h": '#include "x/p.h"\n',
        })
        problems = include_graph.check(root)
        self.assertTrue(any("between files" in p for p in problems), problems)

    def test_sources_calling_each_other_through_one_header(self):
        # the shape the estimate had: stages and result declared in one header
        root = make_tree({
            "runtime/src/est_impl.h": "void stage_run(void);\nvoid note_add(void);\n",
            "runtime/src/est.c": '#include "est_impl.h"\nvoid note_add(void)\n{\n}\n'
                                 "void go(void)\n{\n\tstage_run();\n}\n",
            "runtime/src/stage.c": '#include "est_impl.h"\nvoid stage_run(void)\n{\n'
                                   "\tnote_add();\n}\n",
        })
        problems = include_graph.check(root)
        self.assertTrue(any("between sources" in p for p in problems), problems)

    def test_folder_cycle(self):
        root = make_tree({
            "runtime/src/low/l.h": '#include "high/h.h"\n',
            "runtime/src/high/h.h": "int h;\n",
            "runtime/src/high/x.c": '#include "low/l.h"\n',
        })
        problems = include_graph.check(root)
        self.assertTrue(any("between folders" in p for p in problems), problems)

    def test_long_file_needs_a_reason(self):
        body = "int x;\n" * (include_graph.LINE_LIMIT + 1)
        root = make_tree({"runtime/src/a/long.c": body})
        self.assertTrue(any("long.c" in p for p in include_graph.check(root)))
        os.makedirs(os.path.join(root, "docs"))
        with open(os.path.join(root, "docs", "architecture.md"), "w") as fh:
            fh.write("- `runtime/src/a/long.c`: one table, kept whole.\n")
        self.assertEqual(include_graph.check(root), [])


class ThisProject(unittest.TestCase):
    def test_no_cycles_and_no_unexplained_long_files(self):
        self.assertEqual(include_graph.check(ROOT), [])


if __name__ == "__main__":
    unittest.main()
