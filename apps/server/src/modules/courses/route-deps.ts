import type { ExportService } from '../exports/service';
import type { CourseUserService } from './course-users.service';
import type { StudentService } from './students.service';

/**
 * What the course and member route tables both take: class students and course entitlements (a
 * member's detail shows them) and the export service of their list exports.
 */
export interface CourseRouteDeps {
  students: StudentService;
  courseUsers: CourseUserService;
  exports: ExportService;
}
