"""The docs a newcomer reads stand on their own: every link inside the repository resolves,
and nothing points at files outside it (the team's old `shared/` folder)."""
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = sorted([ROOT / "README.md", *(ROOT / "docs").rglob("*.md")])
LINK = re.compile(r"\[[^\]]*\]\(([^)#\s]+)(?:#[^)]*)?\)")


def test_docs_link_only_to_files_that_exist():
    missing = []
    for doc in DOCS:
        for target in LINK.findall(doc.read_text(encoding="utf-8")):
            if "://" in target or target.startswith("mailto:"):
                continue
            if not (doc.parent / target).resolve().exists():
                missing.append(f"{doc.relative_to(ROOT)} -> {target}")
    assert not missing, "broken links:\n" + "\n".join(missing)


def test_docs_do_not_send_readers_outside_the_repository():
    outside = []
    for doc in DOCS:
        if doc.name == "sources.md":  # explains the old ids once, on purpose
            continue
        for n, line in enumerate(doc.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"shared/(seeds|notes|ux)|\bdesign\.md\b", line):
                outside.append(f"{doc.relative_to(ROOT)}:{n}: {line.strip()[:100]}")
    assert not outside, "\n".join(outside)


def test_architecture_names_every_top_level_package():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    packages = [p.name for p in ROOT.iterdir() if (p / "__init__.py").exists() and p.name != "tests"]
    assert packages and all(f"{name}/" in text for name in packages), packages
