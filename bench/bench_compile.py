"""How long compiling the bundled content takes, cold and warm.

    python bench/bench_compile.py [--repeat N] [PACK ...]

Cold means the parser and the JSON Schemas are built again (their caches are cleared), and
"new process" also pays for starting Python and importing the package. Warm reuses them.
Prints medians over N runs and the time per effect text; plain text, no asserts.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from revive_dsl import check, format_program, load_packs, parse  # noqa: E402
from revive_dsl.content import packs as content_module  # noqa: E402
from revive_dsl.dsl.parser import effect_parser  # noqa: E402


def clear_caches() -> None:
    effect_parser.cache_clear()
    content_module._schema.cache_clear()


def median_ms(fn: Callable[[], object], repeat: int, before: Callable[[], None] | None = None) -> float:
    times = []
    for _ in range(repeat):
        if before:
            before()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def new_process_ms(packs: list[str], repeat: int) -> tuple[float, float]:
    """Median wall time of a fresh interpreter: importing only, and importing plus loading."""
    names = ", ".join(repr(p) for p in packs)
    bare = [sys.executable, "-c", "import revive_dsl"]
    full = [sys.executable, "-c", f"from revive_dsl import load_packs; load_packs([{names}])"]
    out = []
    for cmd in (bare, full):
        out.append(median_ms(lambda cmd=cmd: subprocess.run(cmd, check=True, cwd=ROOT), repeat))
    return out[0], out[1]


def main() -> None:
    args = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    args.add_argument("--repeat", type=int, default=10, help="runs per figure (default 10)")
    args.add_argument("packs", nargs="*", default=["base", "abyss"])
    opts = args.parse_args()
    n = opts.repeat

    content = load_packs(opts.packs)
    texts = [format_program(p) for c in content.components.values() for p in c.effects.values()]
    count = max(len(texts), 1)

    def compile_texts() -> None:
        for text in texts:
            check(parse(text))

    parser_ms = median_ms(effect_parser, n, before=clear_caches)
    cold_ms = median_ms(lambda: load_packs(opts.packs), n, before=clear_caches)
    warm_ms = median_ms(lambda: load_packs(opts.packs), n)
    dsl_cold_ms = median_ms(compile_texts, n, before=clear_caches)
    dsl_warm_ms = median_ms(compile_texts, n)
    import_ms, process_ms = new_process_ms(opts.packs, max(3, n // 2))

    print(f"packs: {', '.join(opts.packs)}; {len(content.components)} components, {len(texts)} effect texts")
    print(f"python {sys.version.split()[0]}; medians of {n} runs (new process: {max(3, n // 2)} runs)")
    print()
    print(f"{'what':<48}{'median':>12}{'per text':>14}")
    rows = [
        ("LALR parser construction", parser_ms, None),
        ("load_packs, cold (parser + schemas rebuilt)", cold_ms, cold_ms),
        ("load_packs, warm", warm_ms, warm_ms),
        ("parse + check all texts, cold (parser rebuilt)", dsl_cold_ms, dsl_cold_ms),
        ("parse + check all texts, warm", dsl_warm_ms, dsl_warm_ms),
        ("new process: python + import revive_dsl", import_ms, None),
        ("new process: python + import + load_packs", process_ms, None),
    ]
    for label, ms, per in rows:
        per_text = f"{per * 1000 / count:10.1f} µs" if per is not None else ""
        print(f"{label:<48}{ms:9.1f} ms{per_text:>14}")


if __name__ == "__main__":
    main()
