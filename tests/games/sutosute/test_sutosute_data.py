"""The data file loads, validates and matches the rulebook's printed facts (seed 003)."""
from games.sutosute.data import KINDS, load


def test_card_data_matches_the_rulebook():
    d = load()
    # ver.2 コンポーネント: 行動カード6種12枚
    assert [k.ja for k in d.kinds] == ["探索", "交易", "成長", "建設", "研究", "征服"]
    assert sum(k.count for k in d.kinds) == 12
    # 整理案: 「革命」カードを1枚導入
    assert d.revolution.ja == "革命" and d.revolution.count == 1 and d.revolution.undeclared_power == 2
    # 赤のダイスは食料、黒は生産、白は金銭
    assert [(x.key, x.ja) for x in d.dice] == [("red", "食料"), ("black", "生産"), ("white", "金銭")]
    assert d.hand_size.value == 4
    assert d.combo_bonus.values == [1, 3, 6]
    assert d.carthage_combo_bonus.values == [3, 6, 10]
    assert (d.targets.points, d.targets.lead, d.targets.points_with_civilizations) == (20, 6, 24)
    assert [c.ja for c in d.civilizations] == ["ローマ", "ギリシア", "エジプト", "カルタゴ", "ペルシア", "インド", "中国"]
    printed = [k for k in d.kinds] + [d.revolution] + d.dice + d.civilizations
    assert all(x.provenance.status == "seed" for x in printed)


def test_every_combo_graph_keeps_the_seed_edges_and_constraints():
    d = load()
    seed_edges = {("build", "trade"), ("trade", "explore"), ("research", "grow"), ("research", "build")}
    for name, graph in d.combo_graphs.items():
        edges = {(e.from_, e.to) for e in graph.edges}
        assert seed_edges <= edges, name
        for e in graph.edges:  # only the seed's edges are unmarked
            assert (e.provenance.status == "reconstructed") == ((e.from_, e.to) not in seed_edges), (name, e)
        assert all(a != b for a, b in edges), "no self-loops (ペルシャ 不死隊 would be empty)"
        assert ("explore", "research") not in edges, "中国 天命 would be empty"
        out = {k: [b for a, b in edges if a == k] for k in KINDS}
        assert [k for k in KINDS if len(out[k]) > 1] == ["research"], "研究 is the only branching card"
        touched = {a for a, _ in edges} | {b for _, b in edges}
        assert touched == set(KINDS), "every card connects to something (上図)"


def test_default_graph_is_the_notes_tech_tree():
    edges = {(e.from_, e.to) for e in load().combo_graphs["tech_tree"].edges}
    assert edges == {("research", "grow"), ("research", "build"), ("grow", "trade"), ("build", "trade"),
                     ("trade", "explore"), ("explore", "conquer")}
