-- A game's start and end in one statement: `cardbot_commit` takes `cardbot_move`'s arguments and
-- does what it does, and also writes the columns a start or an end changes (status, seed, lobby
-- version, finished time), deletes every timer of the table first when asked (`p_clear`, a start
-- or an end), has no log entry when `a_seq` is NULL (a start) and checks the game version only
-- when one is given. A start was 8 round trips (BEGIN, the table, each changed seat, the timers
-- twice, snapshot, notice, COMMIT) and is now one; an end keeps its transaction for the result
-- (stats and ratings read and written), with this call instead of 6 statements. `cardbot_move`
-- stays as it is for the plain move, tuned for one changed seat, timer and notice.
CREATE OR REPLACE FUNCTION cardbot_commit(
    p_id BIGINT, p_rev INTEGER, p_version INTEGER,
    p_new_rev INTEGER, p_new_version INTEGER, p_state TEXT, p_updated_at DOUBLE PRECISION,
    p_auto_played BOOLEAN, p_log_seq INTEGER,
    a_seq INTEGER, a_player TEXT, a_prompt_id TEXT, a_choice TEXT, a_auto BOOLEAN, a_events TEXT,
    a_created_at DOUBLE PRECISION, a_version INTEGER, a_undoable BOOLEAN, a_undo_refusal TEXT, a_undone BOOLEAN,
    s_position INTEGER[], s_user_id TEXT[], s_display_name TEXT[], s_is_cpu BOOLEAN[], s_auto BOOLEAN[],
    s_idle_expiries INTEGER[], s_turn_started_at DOUBLE PRECISION[], s_turn_seconds DOUBLE PRECISION[],
    s_turns INTEGER[], s_level TEXT[],
    t_replace TEXT[], t_kind TEXT[], t_seat TEXT[], t_due_at DOUBLE PRECISION[], t_version INTEGER[],
    t_fired BOOLEAN[], t_data TEXT[],
    p_claim BIGINT, p_snapshot BOOLEAN,
    o_notice_id TEXT[], o_table_id BIGINT[], o_guild_id BIGINT[], o_payload TEXT[], o_created_at DOUBLE PRECISION[],
    p_status TEXT, p_seed BIGINT, p_lobby_version INTEGER, p_finished_at DOUBLE PRECISION, p_clear BOOLEAN
) RETURNS INTEGER LANGUAGE plpgsql AS $$
BEGIN
    IF p_claim IS NOT NULL THEN
        UPDATE timers SET fired = TRUE WHERE id = p_claim AND fired = FALSE;
        IF NOT FOUND THEN
            RETURN 1;
        END IF;
    END IF;
    IF a_seq IS NOT NULL THEN
        INSERT INTO actions (table_id, seq, player, prompt_id, choice, auto, events, created_at, version,
                             undoable, undo_refusal, undone)
        VALUES (p_id, a_seq, a_player, a_prompt_id, a_choice, a_auto, a_events, a_created_at, a_version,
                a_undoable, a_undo_refusal, a_undone)
        ON CONFLICT (table_id, seq) DO NOTHING;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'cardbot: stale: action % of table % already exists', a_seq, p_id;
        END IF;
    END IF;
    UPDATE game_tables SET state = p_state, version = p_new_version, rev = p_new_rev, updated_at = p_updated_at,
                           auto_played = p_auto_played, log_seq = p_log_seq, status = p_status, seed = p_seed,
                           lobby_version = p_lobby_version, finished_at = p_finished_at
    WHERE id = p_id AND rev = p_rev AND (p_version IS NULL OR version = p_version);
    IF NOT FOUND THEN
        RAISE EXCEPTION 'cardbot: stale: table % changed since revision %', p_id, p_rev;
    END IF;
    IF cardinality(s_position) > 0 THEN
        UPDATE seats SET user_id = u.user_id, display_name = u.display_name, is_cpu = u.is_cpu, auto = u.auto,
                         idle_expiries = u.idle_expiries, turn_started_at = u.turn_started_at,
                         turn_seconds = u.turn_seconds, turns = u.turns, level = u.level
        FROM unnest(s_position, s_user_id, s_display_name, s_is_cpu, s_auto, s_idle_expiries, s_turn_started_at,
                    s_turn_seconds, s_turns, s_level)
             AS u(position, user_id, display_name, is_cpu, auto, idle_expiries, turn_started_at, turn_seconds,
                  turns, level)
        WHERE seats.table_id = p_id AND seats.position = u.position;
    END IF;
    IF p_clear THEN
        DELETE FROM timers WHERE table_id = p_id;
    ELSIF cardinality(t_replace) > 0 THEN
        DELETE FROM timers WHERE table_id = p_id AND fired = FALSE AND seat = ANY (t_replace);
    END IF;
    IF cardinality(t_kind) > 0 THEN
        INSERT INTO timers (table_id, kind, seat, due_at, version, fired, data)
        SELECT p_id, x.kind, x.seat, x.due_at, x.version, x.fired, x.data
        FROM unnest(t_kind, t_seat, t_due_at, t_version, t_fired, t_data) AS x(kind, seat, due_at, version, fired, data);
    END IF;
    IF p_snapshot THEN
        INSERT INTO snapshots (table_id, version, state, created_at) VALUES (p_id, p_new_version, p_state, p_updated_at)
        ON CONFLICT (table_id, version) DO NOTHING;
    END IF;
    IF cardinality(o_notice_id) > 0 THEN
        INSERT INTO outbox (notice_id, table_id, guild_id, payload, created_at, delivered)
        SELECT o.notice_id, o.table_id, o.guild_id, o.payload, o.created_at, FALSE
        FROM unnest(o_notice_id, o_table_id, o_guild_id, o_payload, o_created_at)
             AS o(notice_id, table_id, guild_id, payload, created_at);
    END IF;
    RETURN 0;
END;
$$;
