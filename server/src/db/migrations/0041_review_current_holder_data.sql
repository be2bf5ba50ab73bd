-- Every review's current holder, copied from its current step (the role and department the step
-- was given when its review started).
UPDATE "sys_review" r
SET "current_role_code" = s."role_code", "current_dept_code" = s."dept_code"
FROM "sys_review_step" s
WHERE s."review_id" = r."id" AND s."step_no" = r."current_step";
