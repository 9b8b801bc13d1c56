import type { Messages } from '../types';

/** Messages of the dict pages (es). Same keys in zh, en, es and ja (checked by keys.test.ts). */
const messages: Messages = {
  code: 'Código',
  codeHint:
    'De 1 a 32 letras, dígitos, guiones bajos o guiones, único en este diccionario; lo usan las integraciones.',
  name: 'Nombre',
  sort: 'Orden',
  sortHint: 'Los números menores van primero',
  status: 'Estado',
  statusHint:
    'Una entrada desactivada ya no se puede elegir en clientes y pedidos nuevos; los registros existentes la conservan.',
  remark: 'Observaciones',
  createdAt: 'Creado',
  keyword: 'Palabra clave',
  keywordHint: 'Código o nombre',
  editTitle: 'Editar {{name}}',
  enable: 'Activar',
  disable: 'Desactivar',
  enabled: '{{name}} activado',
  disabled: '{{name}} desactivado',
  disableTitle: '¿Desactivar {{name}}?',
  disableText:
    'Ya no se podrá elegir en clientes y pedidos nuevos; los clientes y pedidos que lo usan lo conservan. Puede volver a activarlo en cualquier momento.',
  deleteTitle: '¿Eliminar {{name}}?',
  deleteText:
    'Solo se pueden eliminar las entradas que no usa ningún cliente ni pedido; desactive las que estén en uso.',
  inUseTitle: 'No se puede eliminar {{name}}',
  inUseOffer: 'Puede desactivarlo en su lugar: ya no se podrá elegir y los registros existentes no cambian.',
  inUseAlreadyDisabled: 'Ya está desactivado y no se puede elegir.',
  disableInstead: 'Desactivar en su lugar',
  platform: {
    create: 'Nueva plataforma',
    createTitle: 'Nueva plataforma de origen',
    created: 'Plataforma de origen creada',
    type: 'Tipo',
    types: {
      OWN: 'Canal propio',
      MARKETPLACE: 'Plataforma externa',
      OFFLINE: 'Presencial',
    },
    syncEnabled: 'Sincronización de pedidos',
    syncHint:
      'Si está activada, los pedidos de esta plataforma se sincronizan periódicamente (la integración debe estar configurada).',
    syncOn: 'Activada',
    syncOff: 'Desactivada',
  },
  channel: {
    create: 'Nuevo canal',
    createTitle: 'Nuevo canal de primer nivel',
    createChildTitle: 'Nuevo subcanal de «{{name}}»',
    created: 'Canal creado',
    addChild: 'Añadir subcanal',
    parent: 'Canal superior',
    parentHint:
      'Los canales tienen dos niveles: déjelo vacío para un canal de primer nivel o elija el canal de primer nivel al que pertenece.',
    parentLocked: 'Este canal tiene subcanales, por lo que sigue siendo de primer nivel.',
    topLevel: 'Ninguno (canal de primer nivel)',
    level: 'Nivel',
    levelTop: 'Primer nivel',
    levelSub: 'Subcanal',
  },
  grade: {
    create: 'Nuevo curso',
    createTitle: 'Nuevo curso',
    created: 'Curso creado',
    stage: 'Etapa',
    stages: {
      PRESCHOOL: 'Infantil',
      PRIMARY: 'Primaria',
      JUNIOR: 'Secundaria',
      SENIOR: 'Bachillerato',
      OTHER: 'Otro',
    },
    nextGrade: 'Curso siguiente',
    nextGradeHint:
      'Al avanzar los cursos, los clientes de este curso pasan al siguiente; déjelo vacío para que se queden (p. ej. «Graduado»).',
    nextGradeNone: 'Se queda (sin curso siguiente)',
    advance: 'Avanzar cursos',
    advanceTitle: 'Avanzar cursos',
    advanceIntro:
      'Pasa el curso de los clientes al año académico elegido siguiendo «curso siguiente»: un paso por cada año desde que se fijó. El año académico empieza el 1 de septiembre; repetirlo para el mismo año no cambia nada.',
    academicYear: 'Avanzar a',
    yearLabel: 'año académico {{from}}–{{to}}',
    advancePreview: 'Vista previa del avance',
    fromGrade: 'Curso actual',
    toGrade: 'Pasa a',
    clients: 'Clientes',
    previewTotal_one: '{{count}} cliente pasará a {{year}}.',
    previewTotal_other: '{{count}} clientes pasarán a {{year}}.',
    previewTotal_many: '{{count}} clientes pasarán a {{year}}.',
    nothingToDo: 'Ningún cliente tiene que avanzar: todos los cursos ya están fijados para {{year}}.',
    run: 'Avanzar',
    runRefused: 'Los cursos no se avanzaron',
    confirmTitle: '¿Avanzar a {{year}}?',
    confirmText_one:
      'Cambiará el curso de {{count}} cliente. Queda registrado en el registro de operaciones y no se puede deshacer automáticamente.',
    confirmText_other:
      'Cambiarán los cursos de {{count}} clientes. Queda registrado en el registro de operaciones y no se puede deshacer automáticamente.',
    confirmText_many:
      'Cambiarán los cursos de {{count}} clientes. Queda registrado en el registro de operaciones y no se puede deshacer automáticamente.',
    done: 'Cursos avanzados',
    resultText_one: '{{count}} cliente pasó a {{year}}.',
    resultText_other: '{{count}} clientes pasaron a {{year}}.',
    resultText_many: '{{count}} clientes pasaron a {{year}}.',
  },
};

export default messages;
