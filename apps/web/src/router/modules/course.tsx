import { groupRoute, pageRoute } from '../group';

/** Course management (DOMAIN 6): classes, class students, course users, live classroom, timetable. */
export const courseRoutes = groupRoute('course', { title: 'course', icon: 'course' }, [
  pageRoute('course.class-list', { page: () => import('../../pages/course/class-list/ClassListPage') }),
  pageRoute('course.student-list', { page: () => import('../../pages/course/student-list/StudentListPage') }),
  pageRoute('course.user-list', { page: () => import('../../pages/course/user-list/CourseUserListPage') }),
  pageRoute('course.live-class-list', {
    page: () => import('../../pages/course/live-class-list/LiveClassListPage'),
  }),
  pageRoute('course.timetable', { page: () => import('../../pages/course/timetable/TimetablePage') }),
]);
