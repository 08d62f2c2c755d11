-- The trust's ODS code is kept once, on the trust (issue 25): the trust page and Letters out edit the same value.
-- A code kept in the distribution setting moves to the trust when the trust has none and no other trust has it.
UPDATE "trusts" t
SET "ods_code" = upper(s."value" ->> 'ods_code')
FROM "settings" s
WHERE s."key" = 'distribution:' || t."id"::text
  AND t."ods_code" IS NULL
  AND coalesce(s."value" ->> 'ods_code', '') <> ''
  AND NOT EXISTS (SELECT 1 FROM "trusts" o WHERE o."ods_code" = upper(s."value" ->> 'ods_code'));--> statement-breakpoint
UPDATE "settings" SET "value" = "value" - 'ods_code' WHERE "key" LIKE 'distribution:%' AND ("value" ->> 'ods_code') IS NOT NULL;
