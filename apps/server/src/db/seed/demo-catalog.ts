import { deflateSync } from 'node:zlib';

/**
 * DEMO_DATA=1, the demo company's catalogue (DOMAIN 5): a two-level category tree and ~40 courses,
 * camps, trial lessons, materials and memberships with their SKUs, as an education company sells
 * them through its own mini-program, Douyin, WeChat Channels and offline transfers.
 */

export type ProductType = 'RECORDED' | 'LIVE' | 'CAMP' | 'MATERIAL' | 'MEMBERSHIP';
export type DemoStatus = 'ON' | 'OFF' | 'DRAFT' | 'RECYCLE';

export interface DemoSku {
  code: string;
  props: [string, string][];
  /** Fen. */
  price: number;
  market?: number;
  cost?: number;
  /** Remaining stock for physical goods; undefined = unlimited (virtual). */
  stock?: number;
}

export interface DemoProduct {
  name: string;
  /** Leaf category name. */
  leaf: string;
  type: ProductType;
  status: DemoStatus;
  /** Grade codes of the demo grade dictionary. */
  grades: string[];
  subject: string;
  intro: string;
  /** Bullet points of the detail page. */
  points: string[];
  /** Relative order frequency (trial lessons sell most). */
  weight: number;
  refundDays: number;
  validity: { mode: 'FOREVER' } | { mode: 'DAYS'; days: number };
  /** For products taken off sale: no orders in the last N days. */
  offForDays?: number;
  skus: DemoSku[];
}

/** Roots, each with its leaves (name, products attach to leaves only). */
export const DEMO_CATEGORIES: { name: string; icon: string; leaves: string[] }[] = [
  {
    name: '学科辅导',
    icon: 'book',
    leaves: [
      '小学数学',
      '小学语文',
      '小学英语',
      '初中数学',
      '初中英语',
      '初中物理',
      '高中数学',
      '高中英语',
      '高中化学',
    ],
  },
  { name: '素质拓展', icon: 'bulb', leaves: ['少儿编程', '美术书法', '口才演讲'] },
  { name: '训练营', icon: 'fire', leaves: ['寒暑假集训', '考前冲刺'] },
  { name: '引流体验课', icon: 'gift', leaves: ['低价体验课'] },
  { name: '图书资料', icon: 'read', leaves: ['教辅资料', '学习用品'] },
  { name: '会员服务', icon: 'crown', leaves: ['学习会员'] },
];

const P = ['P3', 'P4', 'P5', 'P6'];
const yuan = (y: number) => Math.round(y * 100);
const term = (code: string, grades: [string, string][], price: number, market: number): DemoSku[] =>
  grades.map(([g, label]) => ({
    code: `${code}-${g}`,
    props: [
      ['年级', label],
      ['学期', '秋季'],
    ],
    price: yuan(price),
    market: yuan(market),
    cost: yuan(price * 0.35),
  }));
const single = (code: string, price: number, market = 0, cost = 0): DemoSku[] => [
  { code, props: [], price: yuan(price), market: yuan(market), cost: yuan(cost) },
];

export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    name: '小学数学思维培优直播课',
    leaf: '小学数学',
    type: 'LIVE',
    status: 'ON',
    grades: P,
    subject: 'MATH',
    intro: '北师大/人教同步，每周两次直播，课后作业批改与错题讲解',
    points: ['48 课时，每周二、四晚 19:00 直播', '专属班主任督学，作业 24 小时内批改', '支持无限次回放'],
    weight: 14,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: term(
      'MATH-LIVE',
      [
        ['P3', '三年级'],
        ['P4', '四年级'],
        ['P5', '五年级'],
        ['P6', '六年级'],
      ],
      2980,
      3980,
    ),
  },
  {
    name: '小学数学计算能力提升录播课',
    leaf: '小学数学',
    type: 'RECORDED',
    status: 'ON',
    grades: ['P1', 'P2', 'P3'],
    subject: 'MATH',
    intro: '口算、速算、巧算三个模块，30 节短视频课',
    points: ['每节 10 分钟，碎片时间学习', '配套练习题可打印'],
    weight: 9,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    skus: single('MATH-CALC-REC', 199, 299, 20),
  },
  {
    name: '小学奥数思维训练营',
    leaf: '小学数学',
    type: 'CAMP',
    status: 'ON',
    grades: ['P4', 'P5', 'P6'],
    subject: 'MATH',
    intro: '21 天闯关式训练，覆盖行程、工程、数论等经典题型',
    points: ['每日一练 + 周末直播讲评', '结营颁发电子证书'],
    weight: 6,
    refundDays: 3,
    validity: { mode: 'DAYS', days: 60 },
    skus: single('MATH-OLY-CAMP', 899, 1299, 150),
  },
  {
    name: '小学语文阅读与写作直播课',
    leaf: '小学语文',
    type: 'LIVE',
    status: 'ON',
    grades: P,
    subject: 'CHINESE',
    intro: '阅读理解答题方法 + 记叙文写作框架，名师小班直播',
    points: ['40 课时，每周六上午直播', '作文逐篇精批'],
    weight: 11,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: term(
      'CHN-LIVE',
      [
        ['P3', '三年级'],
        ['P4', '四年级'],
        ['P5', '五年级'],
        ['P6', '六年级'],
      ],
      2680,
      3580,
    ),
  },
  {
    name: '小学古诗词精讲录播课',
    leaf: '小学语文',
    type: 'RECORDED',
    status: 'ON',
    grades: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'],
    subject: 'CHINESE',
    intro: '课本必背 129 首古诗词，动画讲解与朗读示范',
    points: ['按年级分册', '配套默写练习'],
    weight: 7,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    skus: single('CHN-POEM-REC', 149, 199, 15),
  },
  {
    name: '小学生作文提升训练营',
    leaf: '小学语文',
    type: 'CAMP',
    status: 'ON',
    grades: ['P3', 'P4', 'P5', 'P6'],
    subject: 'CHINESE',
    intro: '14 天写作打卡，老师一对一点评',
    points: ['每天 15 分钟微课', '结营作文集'],
    weight: 5,
    refundDays: 3,
    validity: { mode: 'DAYS', days: 30 },
    skus: single('CHN-WRITE-CAMP', 699, 999, 120),
  },
  {
    name: '小学英语自然拼读直播课',
    leaf: '小学英语',
    type: 'LIVE',
    status: 'ON',
    grades: ['P1', 'P2', 'P3'],
    subject: 'ENGLISH',
    intro: '外教 + 中教双师，系统掌握 44 个音素与拼读规则',
    points: ['分级 L1、L2', '每课配套绘本'],
    weight: 10,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: [
      {
        code: 'ENG-PHONICS-L1',
        props: [['级别', 'L1 入门']],
        price: yuan(2380),
        market: yuan(2980),
        cost: yuan(800),
      },
      {
        code: 'ENG-PHONICS-L2',
        props: [['级别', 'L2 进阶']],
        price: yuan(2580),
        market: yuan(3180),
        cost: yuan(860),
      },
    ],
  },
  {
    name: '剑桥少儿英语KET备考课',
    leaf: '小学英语',
    type: 'LIVE',
    status: 'ON',
    grades: ['P5', 'P6', 'J1'],
    subject: 'ENGLISH',
    intro: '听说读写四项全真模考，考前冲刺串讲',
    points: ['32 课时小班直播', '真题模考 6 套'],
    weight: 5,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: single('ENG-KET-LIVE', 3980, 4980, 1400),
  },
  {
    name: '英语绘本精读录播课',
    leaf: '小学英语',
    type: 'RECORDED',
    status: 'ON',
    grades: ['K3', 'P1', 'P2'],
    subject: 'ENGLISH',
    intro: '牛津树经典绘本 60 本精读，培养英语语感',
    points: ['原版音频跟读', '每本配 3 道理解题'],
    weight: 6,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    skus: single('ENG-BOOK-REC', 299, 399, 30),
  },
  {
    name: '初中数学同步提分直播课',
    leaf: '初中数学',
    type: 'LIVE',
    status: 'ON',
    grades: ['J1', 'J2', 'J3'],
    subject: 'MATH',
    intro: '紧跟校内进度，重难点突破 + 单元测',
    points: ['每周两次直播', '月考分析报告'],
    weight: 12,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: term(
      'JMATH-LIVE',
      [
        ['J1', '初一'],
        ['J2', '初二'],
        ['J3', '初三'],
      ],
      3280,
      4280,
    ),
  },
  {
    name: '中考数学压轴题突破录播课',
    leaf: '初中数学',
    type: 'RECORDED',
    status: 'ON',
    grades: ['J3'],
    subject: 'MATH',
    intro: '二次函数、几何综合压轴题 12 大模型',
    points: ['近五年各地真题精讲'],
    weight: 4,
    refundDays: 7,
    validity: { mode: 'DAYS', days: 365 },
    skus: single('JMATH-FINAL-REC', 399, 599, 40),
  },
  {
    name: '初中英语语法精讲直播课',
    leaf: '初中英语',
    type: 'LIVE',
    status: 'ON',
    grades: ['J1', 'J2', 'J3'],
    subject: 'ENGLISH',
    intro: '时态、从句、非谓语三大板块系统梳理',
    points: ['36 课时', '语法专项练习 1,000 题'],
    weight: 8,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: single('JENG-GRAMMAR-LIVE', 2880, 3680, 950),
  },
  {
    name: '中考英语听说专项训练营',
    leaf: '初中英语',
    type: 'CAMP',
    status: 'ON',
    grades: ['J3'],
    subject: 'ENGLISH',
    intro: '人机对话模拟 + 口语评分反馈',
    points: ['21 天打卡', 'AI 口语测评'],
    weight: 4,
    refundDays: 3,
    validity: { mode: 'DAYS', days: 60 },
    skus: single('JENG-ORAL-CAMP', 599, 899, 90),
  },
  {
    name: '初二物理入门直播课',
    leaf: '初中物理',
    type: 'LIVE',
    status: 'ON',
    grades: ['J2'],
    subject: 'PHYSICS',
    intro: '声光热力电，实验演示带你爱上物理',
    points: ['30 课时', '家庭小实验套装'],
    weight: 6,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: single('JPHY-LIVE', 2580, 3280, 860),
  },
  {
    name: '中考物理实验专题录播课',
    leaf: '初中物理',
    type: 'RECORDED',
    status: 'ON',
    grades: ['J3'],
    subject: 'PHYSICS',
    intro: '中考必考 20 个实验逐一拆解',
    points: ['实验视频 + 考点总结'],
    weight: 3,
    refundDays: 7,
    validity: { mode: 'DAYS', days: 365 },
    skus: single('JPHY-LAB-REC', 259, 399, 25),
  },
  {
    name: '高中数学一轮复习直播课',
    leaf: '高中数学',
    type: 'LIVE',
    status: 'ON',
    grades: ['S1', 'S2', 'S3'],
    subject: 'MATH',
    intro: '按高考考点体系梳理，知识点 + 题型双线推进',
    points: ['60 课时', '每周一次限时测'],
    weight: 7,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 240 },
    skus: term(
      'SMATH-LIVE',
      [
        ['S1', '高一'],
        ['S2', '高二'],
        ['S3', '高三'],
      ],
      4980,
      5980,
    ),
  },
  {
    name: '高考数学选填题秒杀技巧',
    leaf: '高中数学',
    type: 'RECORDED',
    status: 'ON',
    grades: ['S2', 'S3'],
    subject: 'MATH',
    intro: '特殊值、排除、构造等 18 种解题技巧',
    points: ['40 节短视频'],
    weight: 4,
    refundDays: 7,
    validity: { mode: 'DAYS', days: 365 },
    skus: single('SMATH-TRICK-REC', 499, 699, 50),
  },
  {
    name: '高考英语写作提分直播课',
    leaf: '高中英语',
    type: 'LIVE',
    status: 'ON',
    grades: ['S2', 'S3'],
    subject: 'ENGLISH',
    intro: '应用文 + 读后续写，高分句式与范文精讲',
    points: ['24 课时', '作文逐篇批改'],
    weight: 4,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: single('SENG-WRITE-LIVE', 3680, 4580, 1200),
  },
  {
    name: '高中化学必修一同步课',
    leaf: '高中化学',
    type: 'LIVE',
    status: 'DRAFT',
    grades: ['S1'],
    subject: 'CHEMISTRY',
    intro: '物质的量、离子反应、氧化还原三大难点（筹备中）',
    points: ['预计下学期开课'],
    weight: 0,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: single('SCHEM-LIVE', 3280, 3980, 1100),
  },
  {
    name: '少儿Scratch编程启蒙课',
    leaf: '少儿编程',
    type: 'LIVE',
    status: 'ON',
    grades: ['P1', 'P2', 'P3', 'P4'],
    subject: 'PROGRAMMING',
    intro: '做游戏学编程，培养逻辑思维与创造力',
    points: ['48 课时小班直播', '每月一个作品展示'],
    weight: 7,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 240 },
    skus: [
      {
        code: 'CODE-SCRATCH-24',
        props: [['课时', '24 课时']],
        price: yuan(1980),
        market: yuan(2480),
        cost: yuan(650),
      },
      {
        code: 'CODE-SCRATCH-48',
        props: [['课时', '48 课时']],
        price: yuan(3600),
        market: yuan(4800),
        cost: yuan(1200),
      },
    ],
  },
  {
    name: 'Python趣味编程进阶课',
    leaf: '少儿编程',
    type: 'LIVE',
    status: 'ON',
    grades: ['P5', 'P6', 'J1', 'J2'],
    subject: 'PROGRAMMING',
    intro: '从海龟绘图到小游戏开发，掌握 Python 核心语法',
    points: ['48 课时', '代码作业在线评测'],
    weight: 4,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 240 },
    skus: single('CODE-PY-LIVE', 4200, 5200, 1400),
  },
  {
    name: '信息学奥赛CSP-J入门营',
    leaf: '少儿编程',
    type: 'CAMP',
    status: 'OFF',
    grades: ['P6', 'J1', 'J2'],
    subject: 'PROGRAMMING',
    intro: 'C++ 基础语法与算法入门，备战 CSP-J 初赛',
    points: ['30 天集训', '赛前模拟 3 场'],
    weight: 3,
    refundDays: 3,
    validity: { mode: 'DAYS', days: 60 },
    offForDays: 45,
    skus: single('CODE-CSPJ-CAMP', 1980, 2680, 600),
  },
  {
    name: '少儿创意美术直播课',
    leaf: '美术书法',
    type: 'LIVE',
    status: 'ON',
    grades: ['K2', 'K3', 'P1', 'P2'],
    subject: 'ART',
    intro: '水彩、国画、手工多元创作，激发孩子想象力',
    points: ['32 课时', '每月邮寄画材包'],
    weight: 5,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 180 },
    skus: single('ART-LIVE', 1880, 2580, 700),
  },
  {
    name: '硬笔书法练字营',
    leaf: '美术书法',
    type: 'CAMP',
    status: 'ON',
    grades: ['P1', 'P2', 'P3', 'P4'],
    subject: 'ART',
    intro: '21 天控笔到结构，写出一手好字',
    points: ['每日视频示范 + 老师点评', '赠字帖一套'],
    weight: 6,
    refundDays: 3,
    validity: { mode: 'DAYS', days: 45 },
    skus: single('ART-PEN-CAMP', 399, 599, 60),
  },
  {
    name: '少儿口才与演讲表达课',
    leaf: '口才演讲',
    type: 'LIVE',
    status: 'ON',
    grades: ['K3', 'P1', 'P2', 'P3'],
    subject: '',
    intro: '敢说、会说、说得好：舞台表现与即兴表达训练',
    points: ['24 课时小班', '结课线上演讲展示'],
    weight: 4,
    refundDays: 15,
    validity: { mode: 'DAYS', days: 120 },
    skus: single('SPEECH-LIVE', 1680, 2280, 560),
  },
  {
    name: '暑期数学衔接集训营',
    leaf: '寒暑假集训',
    type: 'CAMP',
    status: 'OFF',
    grades: ['P6', 'J1'],
    subject: 'MATH',
    intro: '小升初 / 初一衔接，暑期 15 天集中训练',
    points: ['每日直播 90 分钟', '入营测 + 结营测'],
    weight: 6,
    refundDays: 3,
    validity: { mode: 'DAYS', days: 60 },
    offForDays: 70,
    skus: [
      {
        code: 'SUMMER-MATH-P6',
        props: [['衔接', '小升初']],
        price: yuan(1280),
        market: yuan(1680),
        cost: yuan(420),
      },
      {
        code: 'SUMMER-MATH-J1',
        props: [['衔接', '初一预习']],
        price: yuan(1380),
        market: yuan(1780),
        cost: yuan(450),
      },
    ],
  },
  {
    name: '寒假英语冲刺营',
    leaf: '寒暑假集训',
    type: 'CAMP',
    status: 'DRAFT',
    grades: ['P4', 'P5', 'P6'],
    subject: 'ENGLISH',
    intro: '寒假 10 天词汇 + 阅读冲刺（即将开售）',
    points: ['每日直播 60 分钟'],
    weight: 0,
    refundDays: 3,
    validity: { mode: 'DAYS', days: 45 },
    skus: single('WINTER-ENG-CAMP', 980, 1280, 300),
  },
  {
    name: '中考百日冲刺营',
    leaf: '考前冲刺',
    type: 'CAMP',
    status: 'ON',
    grades: ['J3'],
    subject: 'MATH',
    intro: '数学、英语、物理三科百日提分计划',
    points: ['每周模考 + 个性化错题本', '班主任全程督学'],
    weight: 4,
    refundDays: 7,
    validity: { mode: 'DAYS', days: 120 },
    skus: [
      {
        code: 'ZK100-SINGLE',
        props: [['科目', '单科']],
        price: yuan(1280),
        market: yuan(1580),
        cost: yuan(400),
      },
      {
        code: 'ZK100-TRIPLE',
        props: [['科目', '三科联报']],
        price: yuan(2980),
        market: yuan(3980),
        cost: yuan(1000),
      },
    ],
  },
  {
    name: '期末提分冲刺营',
    leaf: '考前冲刺',
    type: 'CAMP',
    status: 'ON',
    grades: ['P3', 'P4', 'P5', 'P6', 'J1', 'J2'],
    subject: 'MATH',
    intro: '期末前 14 天查漏补缺，高频考点精练',
    points: ['每日一练', '考前押题卷'],
    weight: 6,
    refundDays: 3,
    validity: { mode: 'DAYS', days: 30 },
    skus: single('FINAL-SPRINT-CAMP', 499, 699, 80),
  },
  {
    name: '9.9元数学思维体验课',
    leaf: '低价体验课',
    type: 'LIVE',
    status: 'ON',
    grades: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6'],
    subject: 'MATH',
    intro: '3 节直播体验课 + 学情测评，体验后由老师一对一解读',
    points: ['3 节 40 分钟直播', '赠数学思维练习册电子版'],
    weight: 60,
    refundDays: 0,
    validity: { mode: 'DAYS', days: 14 },
    skus: single('TRIAL-MATH-9', 9.9, 99, 2),
  },
  {
    name: '19.9元英语外教体验课',
    leaf: '低价体验课',
    type: 'LIVE',
    status: 'ON',
    grades: ['K3', 'P1', 'P2', 'P3', 'P4'],
    subject: 'ENGLISH',
    intro: '2 节外教小班体验课，课后出具口语评估报告',
    points: ['外教小班 1 对 4', '口语评估报告'],
    weight: 40,
    refundDays: 0,
    validity: { mode: 'DAYS', days: 14 },
    skus: single('TRIAL-ENG-19', 19.9, 199, 6),
  },
  {
    name: '1元学习规划测评',
    leaf: '低价体验课',
    type: 'LIVE',
    status: 'ON',
    grades: ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'J1', 'J2', 'J3'],
    subject: '',
    intro: '30 分钟学情诊断 + 学习规划建议',
    points: ['资深规划师一对一'],
    weight: 30,
    refundDays: 0,
    validity: { mode: 'DAYS', days: 7 },
    skus: single('TRIAL-PLAN-1', 1, 99, 0),
  },
  {
    name: '小学数学同步练习册',
    leaf: '教辅资料',
    type: 'MATERIAL',
    status: 'ON',
    grades: P,
    subject: 'MATH',
    intro: '人教版同步，每课一练 + 单元测，附详细答案',
    points: ['包邮', '上下册合订'],
    weight: 10,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    skus: [
      {
        code: 'BOOK-MATH-P3',
        props: [['年级', '三年级']],
        price: 3980,
        market: 4980,
        cost: 1500,
        stock: 420,
      },
      {
        code: 'BOOK-MATH-P4',
        props: [['年级', '四年级']],
        price: 3980,
        market: 4980,
        cost: 1500,
        stock: 365,
      },
      { code: 'BOOK-MATH-P5', props: [['年级', '五年级']], price: 3980, market: 4980, cost: 1500, stock: 8 },
      {
        code: 'BOOK-MATH-P6',
        props: [['年级', '六年级']],
        price: 3980,
        market: 4980,
        cost: 1500,
        stock: 212,
      },
    ],
  },
  {
    name: '小学英语单词卡片套装',
    leaf: '教辅资料',
    type: 'MATERIAL',
    status: 'ON',
    grades: ['P1', 'P2', 'P3'],
    subject: 'ENGLISH',
    intro: '800 张图文卡片，扫码听标准发音',
    points: ['环保纸质', '附收纳盒'],
    weight: 6,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    skus: [{ code: 'CARD-ENG-800', props: [], price: 5900, market: 7900, cost: 2200, stock: 186 }],
  },
  {
    name: '中考真题汇编（数学+英语）',
    leaf: '教辅资料',
    type: 'MATERIAL',
    status: 'ON',
    grades: ['J3'],
    subject: 'MATH',
    intro: '近五年全国各地中考真题分类汇编',
    points: ['两册装', '附答案详解'],
    weight: 5,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    skus: [{ code: 'BOOK-ZK-REAL', props: [], price: 8800, market: 11800, cost: 3500, stock: 5 }],
  },
  {
    name: '点读笔（含32G内存卡）',
    leaf: '学习用品',
    type: 'MATERIAL',
    status: 'ON',
    grades: ['K2', 'K3', 'P1', 'P2', 'P3'],
    subject: 'ENGLISH',
    intro: '支持人教、外研等主流教材点读，可录音跟读',
    points: ['一年质保', '赠点读贴纸'],
    weight: 3,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    skus: [
      {
        code: 'PEN-READ-BLUE',
        props: [['颜色', '天空蓝']],
        price: 39900,
        market: 49900,
        cost: 18000,
        stock: 36,
      },
      {
        code: 'PEN-READ-PINK',
        props: [['颜色', '樱花粉']],
        price: 39900,
        market: 49900,
        cost: 18000,
        stock: 3,
      },
    ],
  },
  {
    name: '错题打印机',
    leaf: '学习用品',
    type: 'MATERIAL',
    status: 'OFF',
    grades: ['P3', 'P4', 'P5', 'P6', 'J1', 'J2', 'J3'],
    subject: '',
    intro: '手机拍照一键打印错题，热敏免墨（缺货下架）',
    points: ['附 3 卷打印纸'],
    weight: 2,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    offForDays: 20,
    skus: [{ code: 'PRINTER-WRONG', props: [], price: 26900, market: 32900, cost: 15000, stock: 0 }],
  },
  {
    name: '星火学习会员',
    leaf: '学习会员',
    type: 'MEMBERSHIP',
    status: 'ON',
    grades: [],
    subject: '',
    intro: '全站录播课畅学 + 每月一次学习规划',
    points: ['会员专享直播答疑', '资料下载不限次'],
    weight: 8,
    refundDays: 7,
    validity: { mode: 'FOREVER' },
    skus: [
      { code: 'VIP-MONTH', props: [['时长', '月卡']], price: 3900, market: 4900, cost: 0 },
      { code: 'VIP-QUARTER', props: [['时长', '季卡']], price: 9900, market: 13900, cost: 0 },
      { code: 'VIP-YEAR', props: [['时长', '年卡']], price: 36500, market: 58800, cost: 0 },
    ],
  },
  {
    name: '家长课堂VIP会员',
    leaf: '学习会员',
    type: 'MEMBERSHIP',
    status: 'ON',
    grades: [],
    subject: '',
    intro: '育儿专家直播课、亲子沟通与升学政策解读',
    points: ['每周一场直播', '专属家长社群'],
    weight: 3,
    refundDays: 7,
    validity: { mode: 'DAYS', days: 365 },
    skus: single('VIP-PARENT-YEAR', 199, 299, 0),
  },
  {
    name: '学习会员（旧版年卡）',
    leaf: '学习会员',
    type: 'MEMBERSHIP',
    status: 'RECYCLE',
    grades: [],
    subject: '',
    intro: '已由「星火学习会员」替代，停止销售',
    points: ['老会员权益不变'],
    weight: 3,
    refundDays: 7,
    validity: { mode: 'DAYS', days: 365 },
    offForDays: 100,
    skus: single('VIP-OLD-YEAR', 29900, 39900, 0),
  },
];

/** Options a platform sells a product under (external ids synced from the platforms). */
export const PLATFORM_LISTINGS: Record<string, string[]> = {
  DOUYIN: ['9.9元数学思维体验课', '19.9元英语外教体验课', '1元学习规划测评', '小学数学同步练习册'],
  WXSHOP: ['9.9元数学思维体验课', '星火学习会员', '小学英语单词卡片套装'],
  XIAOETONG: ['小学古诗词精讲录播课', '英语绘本精读录播课', '高考数学选填题秒杀技巧'],
};

// ---- cover images ---------------------------------------------------------------------------------
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf: Buffer) => {
  let c = 0xffffffff;
  for (const b of buf) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

const hex = (h: string): [number, number, number] => [
  Number.parseInt(h.slice(1, 3), 16),
  Number.parseInt(h.slice(3, 5), 16),
  Number.parseInt(h.slice(5, 7), 16),
];

/** Gradient pairs per product type: a cover tells the kind of product at a glance. */
export const COVER_COLORS: Record<ProductType, [string, string]> = {
  LIVE: ['#1d4ed8', '#60a5fa'],
  RECORDED: ['#047857', '#34d399'],
  CAMP: ['#c2410c', '#fb923c'],
  MATERIAL: ['#6d28d9', '#a78bfa'],
  MEMBERSHIP: ['#a16207', '#facc15'],
};

/**
 * A 16:9 PNG cover (320×180): a diagonal gradient in the type's colours with soft light circles
 * placed by `seed`, so every product has its own picture. Plain RGB, deflated.
 */
export const coverPng = (type: ProductType, seed: number, w = 320, h = 180): Buffer => {
  const [a, b] = COVER_COLORS[type].map(hex) as [[number, number, number], [number, number, number]];
  let s = seed * 2654435761;
  const rand = () => {
    s = (s ^ (s << 13)) >>> 0;
    s = (s ^ (s >>> 17)) >>> 0;
    s = (s ^ (s << 5)) >>> 0;
    return s / 4294967296;
  };
  const circles = Array.from({ length: 4 }, () => ({
    x: rand() * w,
    y: rand() * h,
    r: 30 + rand() * 90,
    alpha: 0.08 + rand() * 0.12,
  }));
  const raw = Buffer.alloc((w * 3 + 1) * h);
  const light = new Float32Array(w);
  let o = 0;
  for (let y = 0; y < h; y++) {
    // Light of this row: each circle covers one span of x (no per-pixel distance test).
    light.fill(y > h * 0.72 ? -0.12 : 0); // a darker band along the bottom, where a title would sit
    for (const c of circles) {
      const dy = y - c.y;
      if (dy * dy >= c.r * c.r) continue;
      const half = Math.sqrt(c.r * c.r - dy * dy);
      const from = Math.max(0, Math.ceil(c.x - half));
      const to = Math.min(w - 1, Math.floor(c.x + half));
      for (let x = from; x <= to; x++) (light[x] as number) += c.alpha;
    }
    raw[o++] = 0; // filter: none
    for (let x = 0; x < w; x++) {
      const t = (x / w) * 0.6 + (y / h) * 0.4;
      const l = light[x] as number;
      for (let i = 0; i < 3; i++) {
        const base = (a[i] as number) * (1 - t) + (b[i] as number) * t;
        const v = l >= 0 ? base + (255 - base) * l : base * (1 + l);
        raw[o++] = v < 0 ? 0 : v > 255 ? 255 : (v + 0.5) | 0;
      }
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 6 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
