-- The move function of 0005 with the same signature and answers, cheaper for the server in the
-- common path: a move almost always changes one seat, replaces one turn timer and adds one
-- notice, and for one row a plain UPDATE/INSERT of the arrays' first elements costs less than
-- the same statement over unnest() (a function scan joined to the table). Measured with the same
-- calls on 16 connections: ~0.46 -> ~0.40 ms of server CPU per move. More rows take 0005's path.
CREATE OR REPLACE FUNCTION cardbot_move(
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
    o_notice_id TEXT[], o_table_id BIGINT[], o_guild_id BIGINT[], o_payload TEXT[], o_created_at DOUBLE PRECISION[]
) RETURNS INTEGER LANGUAGE plpgsql AS $$
BEGIN
    IF p_claim IS NOT NULL THEN
        UPDATE timers SET fired = TRUE WHERE id = p_claim AND fired = FALSE;
        IF NOT FOUND THEN
            RETURN 1;
        END IF;
    END IF;
    INSERT INTO actions (table_id, seq, player, prompt_id, choice, auto, events, created_at, version,
                         undoable, undo_refusal, undone)
    VALUES (p_id, a_seq, a_player, a_prompt_id, a_choice, a_auto, a_events, a_created_at, a_version,
            a_undoable, a_undo_refusal, a_undone)
    ON CONFLICT (table_id, seq) DO NOTHING;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'cardbot: stale: action % of table % already exists', a_seq, p_id;
    END IF;
    UPDATE game_tables SET state = p_state, version = p_new_version, rev = p_new_rev, updated_at = p_updated_at,
                           auto_played = p_auto_played, log_seq = p_log_seq
    WHERE id = p_id AND rev = p_rev AND version = p_version;
    IF NOT FOUND THEN
        RAISE EXCEPTION 'cardbot: stale: table % changed since revision %', p_id, p_rev;
    END IF;
    IF cardinality(s_position) = 1 THEN
        UPDATE seats SET user_id = s_user_id[1], display_name = s_display_name[1], is_cpu = s_is_cpu[1],
                         auto = s_auto[1], idle_expiries = s_idle_expiries[1], turn_started_at = s_turn_started_at[1],
                         turn_seconds = s_turn_seconds[1], turns = s_turns[1], level = s_level[1]
        WHERE table_id = p_id AND position = s_position[1];
    ELSIF cardinality(s_position) > 1 THEN
        UPDATE seats SET user_id = u.user_id, display_name = u.display_name, is_cpu = u.is_cpu, auto = u.auto,
                         idle_expiries = u.idle_expiries, turn_started_at = u.turn_started_at,
                         turn_seconds = u.turn_seconds, turns = u.turns, level = u.level
        FROM unnest(s_position, s_user_id, s_display_name, s_is_cpu, s_auto, s_idle_expiries, s_turn_started_at,
                    s_turn_seconds, s_turns, s_level)
             AS u(position, user_id, display_name, is_cpu, auto, idle_expiries, turn_started_at, turn_seconds,
                  turns, level)
        WHERE seats.table_id = p_id AND seats.position = u.position;
    END IF;
    IF cardinality(t_replace) = 1 AND cardinality(t_kind) = 1 THEN
        DELETE FROM timers WHERE table_id = p_id AND fired = FALSE AND seat = t_replace[1];
        INSERT INTO timers (table_id, kind, seat, due_at, version, fired, data)
        VALUES (p_id, t_kind[1], t_seat[1], t_due_at[1], t_version[1], t_fired[1], t_data[1]);
    ELSIF cardinality(t_replace) > 0 THEN
        DELETE FROM timers WHERE table_id = p_id AND fired = FALSE AND seat = ANY (t_replace);
        INSERT INTO timers (table_id, kind, seat, due_at, version, fired, data)
        SELECT p_id, x.kind, x.seat, x.due_at, x.version, x.fired, x.data
        FROM unnest(t_kind, t_seat, t_due_at, t_version, t_fired, t_data) AS x(kind, seat, due_at, version, fired, data);
    END IF;
    IF p_snapshot THEN
        INSERT INTO snapshots (table_id, version, state, created_at) VALUES (p_id, p_new_version, p_state, p_updated_at)
        ON CONFLICT (table_id, version) DO NOTHING;
    END IF;
    IF cardinality(o_notice_id) = 1 THEN
        INSERT INTO outbox (notice_id, table_id, guild_id, payload, created_at, delivered)
        VALUES (o_notice_id[1], o_table_id[1], o_guild_id[1], o_payload[1], o_created_at[1], FALSE);
    ELSIF cardinality(o_notice_id) > 1 THEN
        INSERT INTO outbox (notice_id, table_id, guild_id, payload, created_at, delivered)
        SELECT o.notice_id, o.table_id, o.guild_id, o.payload, o.created_at, FALSE
        FROM unnest(o_notice_id, o_table_id, o_guild_id, o_payload, o_created_at)
             AS o(notice_id, table_id, guild_id, payload, created_at);
    END IF;
    RETURN 0;
END;
$$;
