-- Pool settings: the single row with the defaults of DOMAIN Decision 9 (contact 7 days, deal 30
-- days, notify 2 days ahead, 20 claims a day, previous owner banned for 7 days, deal clients kept).
INSERT INTO client_pool_config (id) VALUES (1) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
-- Owner limit of Decision 9: 300 clients per user, deal clients not counted. No users and no
-- departments means it applies to everyone; admins edit or replace it on the pool settings.
INSERT INTO client_limit_config (type, user_ids, dept_ids, max_count, deal_counts, remark)
SELECT 'OWNER_LIMIT', '{}', '{}', 300, false, 'default'
WHERE NOT EXISTS (SELECT 1 FROM client_limit_config);
