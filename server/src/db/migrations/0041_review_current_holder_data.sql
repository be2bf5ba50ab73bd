-- Every review's current holder and time limit, copied from its current step (the role, department
-- and limit the step was given when its review started).
UPDATE "sys_review" r
SET "current_role_code" = s."role_code", "current_dept_code" = s."dept_code",
  "current_time_limit_hours" = s."time_limit_hours"
FROM "sys_review_step" s
WHERE s."review_id" = r."id" AND s."step_no" = r."current_step";
