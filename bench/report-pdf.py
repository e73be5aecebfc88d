#!/usr/bin/env python3
"""How `sfpbench report --pdf` grows with the report (issue 40, H6).

Usage: bench/report-pdf.py BUILD_BIN_DIR [TEMPLATE_REPORT.json]

Hand-made reports of one input, built from a real report's first cell, run and statistics
(the template: any `sfpbench run --json` output; made with a tiny run when none is given):
many runs of 24 cells (1k, 4k, 16k runs) and many cells of 4 runs (250 to 8000 cells). Each
is rendered once; the line gives the CPU time of the process (user + system, its children's
rusage: a loaded machine stretches wall time, not this). Results go in docs/report.md.
"""
import copy, json, os, resource, subprocess, sys, tempfile

def report(template, cells_n, reps):
    out = copy.deepcopy(template)
    strategies = ["read", "pread-mt", "mmap", "mmap-mt", "adaptive", "cmp"]
    c0, r0, s0 = template["cells"][0], template["runs"][0], template["statistics"][0]
    out["cells"] = []
    for i in range(cells_n):
        c = dict(c0, index=i, input_set=0, strategy=strategies[i % len(strategies)])
        c["block_size"] = 512 * (i // len(strategies) + 1) if c["strategy"] != "cmp" else None
        c["label"] = "%s %d" % (c["strategy"], i)
        out["cells"].append(c)
    out["experiment"].update(strategies=strategies, threads=[2], repetitions=reps,
                             block_sizes=sorted({str(c["block_size"]) for c in out["cells"] if c["block_size"]}, key=int))
    out["cancelled"] = False
    out["input_sets"] = out["input_sets"][:1]
    out["runs"] = []
    for rep in range(1, reps + 1):
        for i in range(cells_n):
            r = copy.deepcopy(r0)
            r.update(cell=i, repetition=rep)
            r["result"]["real_s"] = 0.01 * (1 + i % 7)
            out["runs"].append(r)
    out["statistics"] = []
    for i in range(cells_n):
        s = copy.deepcopy(s0)
        s["cell"], m = i, 0.01 * (1 + i % 7)
        for v in s.values():
            if isinstance(v, dict) and "n" in v:
                v.update(n=reps, outliers=[])
        s["real_s"].update(median=m, mean=m, min=m, max=m, q1=m, q3=m)
        out["statistics"].append(s)
    medians = [0.01 * (1 + i % 7) for i in range(cells_n)]
    fastest = min(range(cells_n), key=lambda i: medians[i])
    out["rankings"] = [{"fastest_cell": fastest, "input_set": 0, "slower": [
        {"cell": i, "ci_high": None, "ci_low": None, "n_a": reps, "n_b": reps, "p": None, "paired": True,
         "ratio": medians[i] / medians[fastest]}
        for i in sorted((i for i in range(cells_n) if i != fastest), key=lambda i: medians[i])]}]
    out["fits"] = []
    return out

def cpu_of(cmd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, check=True, stderr=subprocess.DEVNULL)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

def main():
    bindir = sys.argv[1]
    work = tempfile.mkdtemp(prefix="sfp-report-pdf-")
    template_path = sys.argv[2] if len(sys.argv) > 2 else os.path.join(work, "template.json")
    if len(sys.argv) <= 2:
        subprocess.run([os.path.join(bindir, "sfpbench"), "run", "--strategies", "read", "--sizes", "64K",
                        "--reps", "2", "--workdir", work, "--json", template_path], check=True,
                       stdout=subprocess.DEVNULL)
    template = json.load(open(template_path))
    for cells_n, reps in [(24, 42), (24, 167), (24, 667), (250, 4), (1000, 4), (4000, 4), (8000, 4)]:
        path = os.path.join(work, "r.json")
        json.dump(report(template, cells_n, reps), open(path, "w"))
        seconds = cpu_of([os.path.join(bindir, os.environ.get("SFP_REPORT_PROGRAM", "sfpbench")), "report", path, "--pdf", os.path.join(work, "r.pdf")])
        print("%5d cells x %3d runs = %6d runs: %6.2f s CPU" % (cells_n, reps, cells_n * reps, seconds), flush=True)

main()
