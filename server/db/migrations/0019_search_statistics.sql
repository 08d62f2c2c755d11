-- Find-document search (issue 14): statistics on the expressions the search matches. The search indexes
-- are partial (live rows only), and PostgreSQL does not estimate a clause on the table from a partial
-- index's statistics: an NHS number (a row or two) was estimated at 0.5 % of the table, thousands of rows
-- at a million dictations, and planned with two parallel workers (10 ms of a 0.2 ms search).
CREATE STATISTICS IF NOT EXISTS "dictations_search_nhs_stats" ON ((patient->>'patient_nhs_id')) FROM "dictations";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "dictations_search_mrn_stats" ON ((patient->>'patient_mrn_id')) FROM "dictations";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "dictations_search_patient_name_stats" ON ((coalesce(patient->>'patient_first_name', '') || ' ' || coalesce(patient->>'patient_last_name', ''))) FROM "dictations";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "dictations_search_clinic_stats" ON (lower(appointment->>'clinic_code')) FROM "dictations";--> statement-breakpoint
ANALYZE "dictations";
