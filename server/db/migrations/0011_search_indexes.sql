-- Find-document search (GET /api/dictation/document, issue 14): trigram and full-text indexes so that
-- a search stays an index lookup at a million dictations. Each search key reads its own index; the
-- "all" key unions them (server/modules/search/search.repository.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
-- Reference: any part of it (LIKE '%…%' and prefixes).
CREATE INDEX IF NOT EXISTS "dictations_search_reference" ON "dictations" USING gin ("reference" gin_trgm_ops) WHERE deleted_at IS NULL;--> statement-breakpoint
-- Patient name: first and last name as one string, so "jane smi" finds Jane Smith.
CREATE INDEX IF NOT EXISTS "dictations_search_patient_name" ON "dictations" USING gin ((coalesce(patient->>'patient_first_name', '') || ' ' || coalesce(patient->>'patient_last_name', '')) gin_trgm_ops) WHERE deleted_at IS NULL;--> statement-breakpoint
-- MRN: any part of it.
CREATE INDEX IF NOT EXISTS "dictations_search_mrn" ON "dictations" USING gin ((patient->>'patient_mrn_id') gin_trgm_ops) WHERE deleted_at IS NULL;--> statement-breakpoint
-- NHS number: exact, ten digits.
CREATE INDEX IF NOT EXISTS "dictations_search_nhs" ON "dictations" USING btree ("trust_id", (patient->>'patient_nhs_id')) WHERE deleted_at IS NULL;--> statement-breakpoint
-- Clinic code of the chosen appointment: exact or prefix, any case.
CREATE INDEX IF NOT EXISTS "dictations_search_clinic" ON "dictations" USING btree ("trust_id", lower(appointment->>'clinic_code') text_pattern_ops) WHERE deleted_at IS NULL AND appointment IS NOT NULL;--> statement-breakpoint
-- Department: the matching departments' dictations, newest first.
CREATE INDEX IF NOT EXISTS "dictations_search_department" ON "dictations" USING btree ("department_id", "created_at", "id") WHERE deleted_at IS NULL;--> statement-breakpoint
-- The letter's text: English full-text search.
CREATE INDEX IF NOT EXISTS "letters_search_text" ON "letters" USING gin (to_tsvector('english', "text"));
